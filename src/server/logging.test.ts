import { describe, expect, it } from 'vitest';
import { redactUrl } from './logging';

describe('redactUrl', () => {
  it.each([
    ['/reset-password?token=abc123', '/reset-password?token=[redacted]'],
    ['/reset-password?x=1&token=abc&y=2', '/reset-password?x=1&token=[redacted]&y=2'],
    ['/consent/abcDEF_123', '/consent/[redacted]'],
    ['/api/parental-consent/abcDEF/sign', '/api/parental-consent/[redacted]/sign'],
    ['/api/parental-consent/send', '/api/parental-consent/send'],
    ['/api/jobs?status=posted', '/api/jobs?status=posted'],
  ])('%s -> %s', (url, expected) => expect(redactUrl(url)).toBe(expected));
});
