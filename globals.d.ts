/** The id of the build that produced this bundle (vite.config.ts defines it). */
declare const __BUILD_ID__: string;
