// The API contract: TypeBox schemas the server validates and answers with, each with its static type of the
// same name. The web app imports the types only (`import type`, checked by scripts/check-web-imports.ts), so a
// server change that breaks the client fails the web's type check without shipping TypeBox to the browser.
export * from './admin.ts';
export * from './admin-api.ts';
export * from './auth.ts';
export * from './bet-codes.ts';
export * from './common.ts';
export * from './compliance.ts';
export * from './crash.ts';
export * from './engagement.ts';
export * from './face-recheck.ts';
export * from './games.ts';
export * from './identity.ts';
export * from './invite.ts';
export * from './lobby.ts';
export * from './pix.ts';
export * from './player-api.ts';
export * from './reporting.ts';
export * from './rg.ts';
export * from './slots.ts';
export * from './sports.ts';
export * from './sports-boosts.ts';
export * from './sports-builder.ts';
export * from './sports-share.ts';
export * from './support.ts';
export * from './tax.ts';
export * from './tournaments.ts';
export * from './transparency.ts';
export * from './user.ts';
export * from './wallet.ts';
