import { api, unwrap } from "@/web/lib/api-client";

export const commentOnBlocker = ({ id, body }: { id: string; body: string }) => unwrap(api.blockers[":id"].comments.$post({ param: { id }, json: { body } }));
