// Types for build.mjs, which runs in plain Node (npm start, npm run build) and is imported by the crash test.
export declare const serverBundle: string;
export declare function buildServer(options?: { entry?: string; outfile?: string }): Promise<void>;
export declare function buildWeb(): Promise<void>;
export declare function buildExtension(): Promise<void>;
export declare const webBuildIsStale: () => boolean;
export declare const serverBuildIsStale: () => boolean;
