/** How long a Firebase ID token lives (an hour): how long the server must remember one it has traded. */
export const FIREBASE_ID_TOKEN_LIFETIME_S = 60 * 60;
