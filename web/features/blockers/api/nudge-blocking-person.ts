import { api, unwrap } from "@/web/lib/api-client";

export const nudgeBlockingPerson = ({ id, profileId }: { id: string; profileId: string }) => unwrap(api.blockers[":id"].nudge.$post({ param: { id }, json: { profileId } }));
