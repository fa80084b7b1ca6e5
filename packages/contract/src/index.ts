export * from './admin.ts';
export * from './auth.ts';
export * from './common.ts';
export * from './games.ts';
export * from './sports.ts';
export * from './user.ts';
export * from './wallet.ts';
