import { afterEach, describe, expect, it } from 'vitest';
import {
  layoutFromState,
  layoutKey,
  loadLayout,
  saveLayout,
  stateFromLayout,
} from './column-layout';

afterEach(() => localStorage.clear());

describe('column layout persistence', () => {
  it('keys the layout by grid and user', () => {
    expect(layoutKey('entities', 7)).toBe('hive.grid.entities.user.7');
    expect(layoutKey('entities', 7)).not.toBe(layoutKey('entities', 8));
  });

  it('saves order and widths and reads them back', () => {
    const key = layoutKey('entities', 1);
    saveLayout(
      key,
      layoutFromState([
        { colId: 'name', width: 240 },
        { colId: 'id', width: 0 },
      ]),
    );
    expect(loadLayout(key)).toEqual([{ colId: 'name', width: 240 }, { colId: 'id' }]);
  });

  it('ignores missing or corrupt entries', () => {
    expect(loadLayout('hive.grid.none.user.1')).toBeUndefined();
    localStorage.setItem('bad', '{not json');
    expect(loadLayout('bad')).toBeUndefined();
    localStorage.setItem('odd', JSON.stringify([{ colId: 'a' }, 3, { width: 1 }]));
    expect(loadLayout('odd')).toEqual([{ colId: 'a' }]);
  });

  it('applies only columns that still exist, in the saved order', () => {
    expect(
      stateFromLayout(
        [{ colId: 'gone' }, { colId: 'name', width: 100 }, { colId: 'id' }],
        ['id', 'name'],
      ),
    ).toEqual([{ colId: 'name', width: 100 }, { colId: 'id' }]);
  });
});
