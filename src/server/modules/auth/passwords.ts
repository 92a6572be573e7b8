import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id; the library exports it as a const enum, which isolated modules cannot read. */
const ARGON2ID = 2;

/** argon2id with the library's defaults (about 16 ms a hash on this project's machines). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Compared against when the email is unknown, so a wrong email and a wrong password take
 * the same time and an attacker cannot tell which accounts exist.
 */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-but-the-same-work');
  return dummyHash;
}
