/** The id of the build that produced this bundle (vite.config.ts defines it). */
declare const __BUILD_ID__: string;
/** When this build was made, in ms since the epoch (its metadata file's builtAt). */
declare const __BUILD_TIME__: number;
