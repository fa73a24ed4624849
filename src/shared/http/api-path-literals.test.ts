import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * API paths are written once, in src/shared (as routePath constants where they carry a parameter):
 * the server registers them and the browser calls them from the same constant. This reads the
 * server's, the web app's and the renderer's source and fails naming each file and line that spells
 * an '/api' path itself. Test files are left out: a test may write a URL out when the URL is its point.
 */
const REPO = path.resolve(import.meta.dirname, '../../..');
const ROOTS = ['src/server', 'src/web', 'src/render'].map((root) => path.join(REPO, root));
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const TEST = /\.test\.(ts|tsx)$/;
/** A quote or backtick, then /api and either a slash or the same quote: '/api/...', `/api/${x}`, "/api". */
const API_LITERAL = /(['"`])\/api(\/|\1)/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return SOURCE.test(entry.name) && !TEST.test(entry.name) ? [file] : [];
  });
}

function apiLiterals(roots: readonly string[]): string[] {
  return roots.flatMap((root) =>
    sourceFiles(root).flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) => (API_LITERAL.test(line) ? [`${path.relative(REPO, file)}:${index + 1}: ${line.trim()}`] : [])),
    ),
  );
}

describe('API paths live in src/shared', () => {
  it('reads real source: the server registers routes from the shared constants', () => {
    const files = ROOTS.flatMap(sourceFiles);
    expect(files).toContain(path.join(REPO, 'src/server/app.ts'));
    expect(files.length).toBeGreaterThan(100);
  });

  it('finds no literal /api path in the server, the web app or the renderer', () => {
    expect(apiLiterals(ROOTS)).toEqual([]);
  });

  it('recognises each way of spelling one', () => {
    const spelled = ["get('/api/health')", 'fetch(`/api/public/leads/${x}`)', 'action="/api/public/lp"', "prefix('/api')"];
    for (const line of spelled) expect(API_LITERAL.test(line), line).toBe(true);
    for (const line of ['// every /api route', "import { x } from '../api.ts'", "'https://api.kit.com/v4'", "'/apis'"]) {
      expect(API_LITERAL.test(line), line).toBe(false);
    }
  });
});
