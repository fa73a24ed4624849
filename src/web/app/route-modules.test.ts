import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CRM_NAV, CRM_SCREEN_MODULES, CRM_SCREENS, CRM_SHELL_MODULES } from '@shared/routes.ts';

/** The server's modulepreload hints name the modules the router loads: the two lists must agree. */
describe('the staff screens’ modules', () => {
  const router = fs.readFileSync(new URL('./router.tsx', import.meta.url), 'utf8');
  const specifier = (module: string) => (module.startsWith('src/web/app/') ? `./${module.slice('src/web/app/'.length)}` : `@web/${module.slice('src/web/'.length)}`);

  it('are the ones the router imports, for every CRM screen', () => {
    expect(Object.keys(CRM_SCREEN_MODULES).sort()).toEqual([...CRM_NAV.map((n) => n.path), ...CRM_SCREENS].sort());
    for (const module of [...CRM_SHELL_MODULES, ...Object.values(CRM_SCREEN_MODULES)]) {
      expect(router, module).toContain(`import('${specifier(module)}')`);
    }
  });
});
