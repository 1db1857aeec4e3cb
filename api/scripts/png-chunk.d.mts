/** Types of png-chunk.mjs for the TypeScript that imports it (the API tests' images). */
export declare function pngChunk(type: string, data: Buffer): Buffer;
