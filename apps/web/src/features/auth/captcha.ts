// The captcha id is a random integer in 1..100 000 000 (spec.md section 9); the image is
// GET /api/auth/user/captcha/{codeId}, valid once and for 5 minutes.
export const codeIdMax = 100_000_000;

export function newCodeId(random: () => number = Math.random): number {
  return Math.floor(random() * codeIdMax) + 1;
}

export function captchaUrl(codeId: number): string {
  return `/api/auth/user/captcha/${codeId}`;
}
