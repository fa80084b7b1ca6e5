// The game code a game page is playing, by path, so leaving the page can tell the server
// (`offGame`). Game pages call rememberGameCode when a session starts.
const gameCodes = new Map<string, string>();

export function rememberGameCode(path: string, gameCode: string): void {
  gameCodes.set(path, gameCode);
}

/** The stored code for the path, removed so it is only reported once. */
export function takeGameCode(path: string): string | undefined {
  const code = gameCodes.get(path);
  gameCodes.delete(path);
  return code;
}
