import { api, unwrap } from "@/web/lib/api-client";

export type PersonRole = "blocking" | "waiting";
type PersonChange = { id: string; profileId: string; role: PersonRole };

export const addPerson = ({ id, profileId, role }: PersonChange) => unwrap(api.blockers[":id"].people.$post({ param: { id }, json: { profileId, role } }));

export const removePerson = ({ id, profileId, role }: PersonChange) => unwrap(api.blockers[":id"].people[":profileId"].$delete({ param: { id, profileId }, query: { role } }));
