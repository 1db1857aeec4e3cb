/** Types of front-end-apps.mjs for the TypeScript that imports it (its test). */
export declare const remoteFolders: string[];
export declare const frontEndApps: string[];
