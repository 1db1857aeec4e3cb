/** Types of nginx-recipe.mjs for the TypeScript that imports it (its test). */
import type { ChildProcess } from 'node:child_process';

export declare const nginxBin: string | undefined;
export declare function startRecipeNginx(options: { prefix: string; port: number; instances: [number, number]; more?: string }): {
  child: ChildProcess;
  errorLog: string;
  stop(): Promise<void>;
};
