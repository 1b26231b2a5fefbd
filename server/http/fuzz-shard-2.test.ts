// Hostile requests to a quarter of the route table (server/test/fuzz/fuzz-routes.ts; decision 017).
import { fuzzShard } from "../test/fuzz/fuzz-routes.ts";

await fuzzShard(2);
