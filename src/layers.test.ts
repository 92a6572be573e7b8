import { readdirSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** README "Architecture": the layers of src/, and what each may import besides itself. */
const LAYERS = ['contract', 'domain', 'server', 'web', 'ssr'] as const;

const eslint = new ESLint();

/** The layer rule's complaints about `code` as if it were the file at `filePath`. */
async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/dependencies' || m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the layers of src/', () => {
  it('are the only folders of src/: a new folder must be given its place in eslint.config.js first', () => {
    const folders = readdirSync('src', { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(folders.sort()).toEqual([...LAYERS].sort());
  });

  it.each([
    ['src/domain/probe.ts', "import { buildApp } from '../server/app';", 'A domain file may not import server'],
    ['src/contract/probe.ts', "import { decide } from '../domain/job-machine';", 'A contract file may not import domain'],
    ['src/server/probe.ts', "import { routes } from '../web/app/router';", 'A server file may not import web'],
    ['src/server/probe.ts', "import { explorerRendering } from '../ssr';", 'A server file may not import ssr'],
    ['src/server/probe.ts', "import { renderToString } from 'react-dom/server';", 'The server never loads the web app'],
    ['src/web/probe.ts', "import { AppError } from '../server/errors';", 'A web file may not import server'],
    ['src/ssr/probe.ts', "import { buildApp } from '../server/app';", 'A ssr file may not import server'],
  ])('lint refuses an upward import in %s: %s', { timeout: 30_000 }, async (filePath, code, expected) => {
    const errors = await layerErrors(filePath, `${code}\n`);
    expect(errors.join('\n')).toContain(expected);
  });

  it.each([
    ['src/server/probe.ts', "import { decide } from '../domain/job-machine';\nimport { ERROR_STATUS } from '../contract/errors';"],
    ['src/web/probe.ts', "import { decide } from '../domain/job-machine';"],
    ['src/ssr/probe.ts', "import { routes } from '../web/app/router';"],
    ['src/probe.ts', "import { runServer } from './server/start';\nimport { explorerRendering } from './ssr';"],
  ])('lint allows the imports of %s that run down', { timeout: 30_000 }, async (filePath, code) => {
    expect(await layerErrors(filePath, `${code}\n`)).toEqual([]);
  });
});
