export { registerSession, heartbeat, endSession, getSession, listSessions, sessionRow } from "./sessions";
export { claimItem, releaseClaim, listClaims, inferKind } from "./claims";
export { expireStale } from "./expire";
export { sweepOnce, startSessionSweep } from "./sweep";
