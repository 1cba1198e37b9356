import { expect, test } from 'vitest';
import { createActor } from 'xstate';
import { menuMachine } from './menu.machine';

const started = (machine = menuMachine()) => createActor(machine).start();

test('the menu starts closed', () => {
  expect(started().getSnapshot().value).toBe('closed');
});

test('the toggle opens the menu and closes it again', () => {
  const menu = started();

  menu.send({ type: 'menu.toggle' });
  const afterOpen = menu.getSnapshot().value;
  menu.send({ type: 'menu.toggle' });

  expect(afterOpen).toBe('open');
  expect(menu.getSnapshot().value).toBe('closed');
});

test('choosing a link closes the open menu', () => {
  const menu = started();
  menu.send({ type: 'menu.toggle' });

  menu.send({ type: 'menu.link-chosen' });

  expect(menu.getSnapshot().value).toBe('closed');
});

test('a click outside closes the open menu', () => {
  const menu = started();
  menu.send({ type: 'menu.toggle' });

  menu.send({ type: 'menu.outside-click' });

  expect(menu.getSnapshot().value).toBe('closed');
});

test('Escape closes the open menu and returns focus to the toggle', () => {
  const focused: string[] = [];
  const menu = started(menuMachine().provide({ actions: { returnFocus: () => void focused.push('toggle') } }));
  menu.send({ type: 'menu.toggle' });

  menu.send({ type: 'menu.escape' });

  expect(menu.getSnapshot().value).toBe('closed');
  expect(focused).toEqual(['toggle']);
});

test('a link, an outside click or Escape leaves a closed menu closed', () => {
  const focused: string[] = [];
  const menu = started(menuMachine().provide({ actions: { returnFocus: () => void focused.push('toggle') } }));

  menu.send({ type: 'menu.link-chosen' });
  menu.send({ type: 'menu.outside-click' });
  menu.send({ type: 'menu.escape' });

  expect(menu.getSnapshot().value).toBe('closed');
  expect(focused).toEqual([]);
});
