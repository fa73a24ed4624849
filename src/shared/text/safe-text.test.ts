import { describe, expect, it } from 'vitest';
import { EMAIL_MAX, isValidEmail } from '../contacts.ts';
import { contactFormSchema } from '../contacts/form.ts';
import { leadFormProblems } from '../leads/form.ts';
import { TEXT_MESSAGES, textProblem } from './characters.ts';
import { safeText } from './safe-text.ts';

describe('safe text', () => {
  it('refuses NUL, the other C0 controls, DEL and C1 controls in one-line text', () => {
    for (const value of ['a\u0000b', '\u0001', 'tab\there', 'line\nbreak', 'cr\r', '\u001b[31m', '\u007f', 'x\u0085', '\u009f']) {
      expect(textProblem(value), JSON.stringify(value)).toBe('controlCharacter');
    }
  });

  it('keeps tab and line breaks in multi-line text, and nothing else', () => {
    expect(textProblem('line 1\r\nline 2\tend', { multiline: true })).toBeUndefined();
    expect(textProblem('a\u0000b', { multiline: true })).toBe('controlCharacter');
    expect(textProblem('bell\u0007', { multiline: true })).toBe('controlCharacter');
  });

  it('refuses a lone surrogate but keeps emoji, umlauts and other scripts', () => {
    for (const value of ['\ud800', 'x\udfff', '\udc00\ud800', 'end\ud83d']) expect(textProblem(value), JSON.stringify(value)).toBe('brokenCharacter');
    expect(textProblem('Grüße 🎉 東京 مرحبا \u00a0nbsp')).toBeUndefined();
  });

  it('refuses every text-direction control in one-line text, and embeddings and overrides in multi-line text', () => {
    const embeddingsAndOverrides = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e'];
    const isolatesAndMarks = ['\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c'];
    for (const c of [...embeddingsAndOverrides, ...isolatesAndMarks]) {
      expect(textProblem(`invoice${c}fdp.exe`), JSON.stringify(c)).toBe('bidiControl');
    }
    for (const c of embeddingsAndOverrides) expect(textProblem(`line 1\nline ${c}2`, { multiline: true }), JSON.stringify(c)).toBe('bidiControl');
    // Right-to-left prose marks the direction around a word; that stays possible where lines are.
    for (const c of isolatesAndMarks) expect(textProblem(`مرحبا ${c}Ada\n`, { multiline: true }), JSON.stringify(c)).toBeUndefined();
    expect(safeText().safeParse('a\u202eb').error?.issues.map((i) => i.message)).toEqual([TEXT_MESSAGES.bidiControl]);
    expect(leadFormProblems({ full_name: 'Ada\u202e', email: 'ada@example.com', phone: '' }).full_name).toBe('invalid');
  });

  it('answers with the field message before any trim, length or format rule', () => {
    const schema = safeText({ error: 'Name is required' }).trim().min(1, 'Name is required').max(5, 'Too long');
    expect(schema.safeParse(' \u000b ').error?.issues.map((i) => i.message)).toEqual([TEXT_MESSAGES.controlCharacter]);
    expect(schema.safeParse('x'.repeat(10) + '\u0000').error?.issues.map((i) => i.message)).toEqual([TEXT_MESSAGES.controlCharacter]);
    expect(schema.safeParse('\ud800').error?.issues.map((i) => i.message)).toEqual([TEXT_MESSAGES.brokenCharacter]);
    expect(schema.safeParse(42).error?.issues.map((i) => i.message)).toEqual(['Name is required']);
    expect(schema.parse('  Ada ')).toBe('Ada');
  });
});

describe('the one email rule', () => {
  it('accepts ordinary addresses', () => {
    for (const email of ['ada@example.com', 'first.last+tag@sub.example.co.uk', "o'neil@example.ie", 'x_y-z@a-b.de']) {
      expect(isValidEmail(email), email).toBe(true);
    }
  });

  it('refuses markup, spaces, doubled dots, bare hosts and overlong addresses', () => {
    for (const email of ['"><svg/onload=alert(1)>@x.co', '<a>@example.com', 'a b@example.com', 'a..b@example.com', '.a@example.com', 'a.@example.com', 'a@localhost', 'a@example', 'a@@example.com', `${'a'.repeat(EMAIL_MAX)}@example.com`]) {
      expect(isValidEmail(email), email).toBe(false);
    }
  });

  it('is the same for the staff form and the public sign-up', () => {
    for (const email of ['"><svg/onload=alert(1)>@x.co', 'ada@example.com', 'ädä@example.com']) {
      const staff = contactFormSchema.safeParse({ email }).success;
      const publicForm = leadFormProblems({ full_name: 'Ada', email, phone: '' }).email === undefined;
      expect(publicForm, email).toBe(staff);
    }
  });
});
