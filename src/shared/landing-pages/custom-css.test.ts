import { describe, expect, it } from 'vitest';
import { camelToCssProperty, cssPropertyToCamel, formatCustomCss, inlineStyle, parseCustomCss, skippedCustomCss } from './custom-css.ts';

describe('parseCustomCss', () => {
  it('reads semicolon-separated property: value pairs into a style object', () => {
    expect(parseCustomCss('color: red; background-color: #fff;border-radius:8px')).toEqual({
      color: 'red',
      backgroundColor: '#fff',
      borderRadius: '8px',
    });
  });

  it('keeps semicolons and colons inside quotes and parentheses', () => {
    expect(parseCustomCss('background-image: url("data:image/svg+xml;utf8,<x>"); content: "a;b"')).toEqual({ content: '"a;b"' });
    expect(parseCustomCss('background: url(a;b.png) no-repeat; font-family: "A: B", serif')).toEqual({
      background: 'url(a;b.png) no-repeat',
      fontFamily: '"A: B", serif',
    });
  });

  it('skips junk and keeps what is good', () => {
    expect(
      parseCustomCss('color red; : blue; width: ; 9lives: 1; padding: 4px; }body{color:red; x<y: 1; margin: 0 </style><script>; top: expression(alert(1))'),
    ).toEqual({ padding: '4px' });
    expect(parseCustomCss(undefined)).toEqual({});
    expect(parseCustomCss(42)).toEqual({});
    expect(parseCustomCss(';;;')).toEqual({});
  });

  it('drops !important, lets a later declaration win, and lower-cases properties', () => {
    expect(parseCustomCss('color: red !important; COLOR: blue; Margin-Top: 1rem')).toEqual({ color: 'blue', marginTop: '1rem' });
  });

  it('keeps custom properties and vendor prefixes in the form React takes', () => {
    expect(parseCustomCss('--brand-Color: #123; -webkit-line-clamp: 3; -ms-flex: 1')).toEqual({
      '--brand-Color': '#123',
      WebkitLineClamp: '3',
      msFlex: '1',
    });
  });
});

describe('skippedCustomCss', () => {
  it('names, as written, each declaration that parseCustomCss leaves out', () => {
    const text = 'color: red; nonsense;  1px: 2; background: url("a;b"); width: expression(alert(1)); ;';
    expect(skippedCustomCss(text)).toEqual(['nonsense', '1px: 2', 'width: expression(alert(1))']);
    expect(parseCustomCss(text)).toEqual({ color: 'red', background: 'url("a;b")' });
  });

  it('finds nothing to report in good or empty text', () => {
    expect(skippedCustomCss('margin-top: 2rem; --brand: #123456')).toEqual([]);
    expect(skippedCustomCss('  ')).toEqual([]);
  });
});

describe('formatCustomCss', () => {
  it('writes a style object back as customCSS text that parses to the same object', () => {
    const style = { backgroundColor: '#fff', WebkitLineClamp: '3', msFlex: '1', '--gap': '2px' };
    const text = formatCustomCss(style);
    expect(text).toBe('background-color: #fff; -webkit-line-clamp: 3; -ms-flex: 1; --gap: 2px');
    expect(parseCustomCss(text)).toEqual(style);
  });

  it('converts property names both ways', () => {
    expect(cssPropertyToCamel('border-top-left-radius')).toBe('borderTopLeftRadius');
    expect(camelToCssProperty('borderTopLeftRadius')).toBe('border-top-left-radius');
    expect(camelToCssProperty('msTransform')).toBe('-ms-transform');
  });
});

describe('inlineStyle', () => {
  it('puts customCSS over the style controls and leaves out junk', () => {
    expect(inlineStyle({ color: 'red', padding: 8, 'bad key': 'x', margin: '<b>', customCSS: 'color: blue; opacity: .5' })).toEqual({
      color: 'blue',
      padding: 8,
      opacity: '.5',
    });
  });
});
