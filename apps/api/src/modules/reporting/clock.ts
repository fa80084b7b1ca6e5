/** The reporting module's clock: tests move it years ahead to see the retention job act (never Date.now() directly). */
export const reportingClock = { now: (): Date => new Date() };
