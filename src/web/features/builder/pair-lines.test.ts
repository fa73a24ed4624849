import { describe, expect, it } from 'vitest';
import { linesToLinkMap, linesToNavigation, linkMapToLines, navigationToLines } from './pair-lines.ts';

describe('name | address lines', () => {
  it('read navigation items, dropping blank lines and keeping a name still without its address', () => {
    expect(linesToNavigation('Home | /\n\n  About|/about  \nContact')).toEqual([
      { name: 'Home', href: '/' },
      { name: 'About', href: '/about' },
      { name: 'Contact', href: '' },
    ]);
  });

  it('read links by platform, an address keeping any further |', () => {
    expect(linesToLinkMap('facebook | https://fb.com/x\nlinkedin | https://l.in/a|b')).toEqual({ facebook: 'https://fb.com/x', linkedin: 'https://l.in/a|b' });
  });

  it('write back what they read', () => {
    const nav = [{ name: 'Home', href: '/' }, { name: 'Blog', href: 'https://b.example' }];
    expect(linesToNavigation(navigationToLines(nav))).toEqual(nav);
    const links = { twitter: 'https://t.example/me' };
    expect(linesToLinkMap(linkMapToLines(links))).toEqual(links);
    expect(navigationToLines(undefined)).toBe('');
    expect(linkMapToLines(null)).toBe('');
  });
});
