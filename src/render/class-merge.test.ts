import { describe, expect, it } from 'vitest';
import { mergeClassNames } from './class-merge.ts';

describe('mergeClassNames', () => {
  it("keeps the renderer's classes the author does not override and adds the author's", () => {
    expect(mergeClassNames('rounded-lg px-5 py-2.5', 'mt-8 shadow')).toBe('rounded-lg px-5 py-2.5 mt-8 shadow');
    expect(mergeClassNames('block', '')).toBe('block');
    expect(mergeClassNames('', undefined)).toBeUndefined();
  });

  it("drops the renderer's class for a property the author sets, under the same variants only", () => {
    const merged = mergeClassNames('bg-primary-600 text-white hover:bg-primary-700 md:bg-gray-100', 'bg-white text-primary-700 hover:bg-primary-50');
    expect(merged).toBe('md:bg-gray-100 bg-white text-primary-700 hover:bg-primary-50');
  });

  it('tells text size, colour and alignment apart', () => {
    expect(mergeClassNames('text-4xl text-gray-900 text-center', 'text-white')).toBe('text-4xl text-center text-white');
    expect(mergeClassNames('text-4xl text-gray-900 text-center', 'text-lg text-left')).toBe('text-gray-900 text-lg text-left');
    expect(mergeClassNames('text-sm', 'text-[18px]')).toBe('text-[18px]');
  });

  it('lets a shorthand replace its longhands but not the other way round', () => {
    expect(mergeClassNames('px-5 py-2.5 pt-1', 'p-8')).toBe('p-8');
    expect(mergeClassNames('px-5 py-2.5', 'pt-4')).toBe('px-5 py-2.5 pt-4');
    expect(mergeClassNames('mx-auto my-6 mt-2', 'mx-0')).toBe('my-6 mt-2 mx-0');
  });

  it('knows border widths from border colours, fonts, display and sizes', () => {
    expect(mergeClassNames('border border-primary-600', 'border-red-500')).toBe('border border-red-500');
    expect(mergeClassNames('border border-primary-600', 'border-2')).toBe('border-primary-600 border-2');
    expect(mergeClassNames('font-semibold italic', 'font-normal not-italic')).toBe('font-normal not-italic');
    expect(mergeClassNames('inline-flex w-10', 'block w-full')).toBe('block w-full');
    expect(mergeClassNames('grid-cols-1 @min-[416px]:grid-cols-(--x)', 'grid-cols-3')).toBe('@min-[416px]:grid-cols-(--x) grid-cols-3');
  });

  it('reads important markers and brackets as part of the class', () => {
    expect(mergeClassNames('bg-gray-100', '!bg-white')).toBe('!bg-white');
    expect(mergeClassNames('bg-gray-100', '[&>p]:bg-white')).toBe('bg-gray-100 [&>p]:bg-white');
  });

  it('writes each class once', () => {
    expect(mergeClassNames('block', 'mt-2 block mt-2')).toBe('mt-2 block');
  });
});
