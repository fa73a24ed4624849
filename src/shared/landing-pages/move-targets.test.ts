import { describe, expect, it } from 'vitest';
import { createComponent } from './create.ts';
import { listMoveTargets } from './move-targets.ts';
import { addComponent } from './operations/add.ts';
import { deepChain, samplePage, withChildren } from './testing/fixtures.ts';

describe('listMoveTargets', () => {
  it('lists sections, grid cells and nested components that may hold the component, not itself or what is inside it', () => {
    expect(listMoveTargets(samplePage(), 'box').map((target) => [target.id, target.kind])).toEqual([
      ['main', 'section'],
      ['left', 'gridCell'],
      ['right', 'gridCell'],
      ['other', 'section'],
    ]);
    expect(listMoveTargets(samplePage(), 'intro').map((target) => target.id)).toEqual(['main', 'left', 'right', 'box', 'inner', 'other']);
  });

  it('offers nothing for sections and grid cells', () => {
    expect(listMoveTargets(samplePage(), 'main')).toEqual([]);
    expect(listMoveTargets(samplePage(), 'left')).toEqual([]);
  });

  it('leaves out places too deep for the component', () => {
    const doc = addComponent(deepChain(19), {
      parentId: 'deep',
      component: withChildren(createComponent('container', {}, () => 'box'), [createComponent('heading', {}, () => 'title')]),
    });
    const targets = listMoveTargets(doc, 'box').map((target) => target.id);
    expect(targets).toContain('level-18');
    expect(targets).not.toContain('level-19');
    expect(listMoveTargets(doc, 'title').map((target) => target.id)).toContain('level-19');
  });
});
