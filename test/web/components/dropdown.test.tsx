import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dropdown, DROPDOWN_DEBOUNCE_MS } from '../../../web/src/components/dropdown';

function setup(props: Partial<Parameters<typeof Dropdown>[0]> = {}) {
  const onEnglish = vi.fn();
  const onChinese = vi.fn();
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  render(
    <div>
      <p>Outside</p>
      <Dropdown
        trigger="EN"
        label="Language (EN)"
        testId="language-button"
        items={[
          { id: 'en', label: 'English', onSelect: onEnglish, checked: true },
          { id: 'zh', label: '繁體中文', onSelect: onChinese, checked: false, lang: 'zh-TW' },
          { id: 'help', label: 'Help', href: 'mailto:help@example.com' },
        ]}
        {...props}
      />
    </div>,
  );
  return { user, onEnglish, onChinese, button: screen.getByTestId('language-button') };
}

const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const menu = () => screen.queryByRole('menu');

describe('Dropdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is a menu button with the right aria', async () => {
    const { button, user } = setup();
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    await wait(DROPDOWN_DEBOUNCE_MS);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(menu()!.id);
    expect(screen.getAllByRole('menuitemradio').map((i) => i.getAttribute('aria-checked'))).toEqual(['true', 'false']);
    expect(screen.getByRole('menuitem', { name: 'Help' }).getAttribute('href')).toBe('mailto:help@example.com');
  });

  it('opens 300 ms after a click, not before', async () => {
    const { button, user } = setup();
    await user.click(button);
    await wait(DROPDOWN_DEBOUNCE_MS - 1);
    expect(menu()).toBeNull();
    await wait(1);
    expect(menu()).not.toBeNull();
  });

  it('closes 300 ms after a second click', async () => {
    const { button, user } = setup();
    await user.click(button);
    await wait(DROPDOWN_DEBOUNCE_MS);
    await user.click(button);
    expect(menu()).not.toBeNull();
    await wait(DROPDOWN_DEBOUNCE_MS);
    expect(menu()).toBeNull();
  });

  it('debounces: a quick double click leaves it as it was', async () => {
    const { button, user } = setup();
    await user.dblClick(button);
    await wait(DROPDOWN_DEBOUNCE_MS * 2);
    expect(menu()).toBeNull();
  });

  it('debounces: the last of three quick clicks wins (open)', async () => {
    const { button, user } = setup();
    await user.click(button);
    await wait(100);
    await user.click(button);
    await wait(100);
    await user.click(button);
    await wait(DROPDOWN_DEBOUNCE_MS - 1);
    expect(menu()).toBeNull();
    await wait(1);
    expect(menu()).not.toBeNull();
  });

  it('closes on an outside click', async () => {
    const { button, user } = setup();
    await user.click(button);
    await wait(DROPDOWN_DEBOUNCE_MS);
    await user.click(screen.getByText('Outside'));
    expect(menu()).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('stays open on a click inside the popup', async () => {
    const { button, user } = setup({ header: <p>Golden Harvest Foods</p> });
    await user.click(button);
    await wait(DROPDOWN_DEBOUNCE_MS);
    await user.click(screen.getByText('Golden Harvest Foods'));
    expect(menu()).not.toBeNull();
  });

  it('runs the chosen item and closes, returning focus to the button', async () => {
    const { button, user, onChinese } = setup();
    await user.click(button);
    await wait(DROPDOWN_DEBOUNCE_MS);
    await user.click(screen.getByRole('menuitemradio', { name: '繁體中文' }));
    expect(onChinese).toHaveBeenCalledTimes(1);
    expect(menu()).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('works from the keyboard: Enter opens on the first item, arrows move, Escape closes and returns focus', async () => {
    const { button, user, onChinese } = setup();
    button.focus();
    await user.keyboard('{Enter}');
    await wait(DROPDOWN_DEBOUNCE_MS);
    const items = [...screen.getAllByRole('menuitemradio'), screen.getByRole('menuitem')];
    expect(document.activeElement).toBe(items[0]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[1]);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toBe(items[0]);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(items[2]);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(items[0]);
    await user.keyboard('{End}{Escape}');
    expect(menu()).toBeNull();
    expect(document.activeElement).toBe(button);

    await user.keyboard('{ArrowDown}');
    await wait(DROPDOWN_DEBOUNCE_MS);
    // The menu was closed and opened again: its items are new elements.
    expect(document.activeElement).toBe(screen.getAllByRole('menuitemradio')[0]);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChinese).toHaveBeenCalledTimes(1);
    expect(menu()).toBeNull();
  });

  it('Space opens it too, and ArrowUp opens on the last item', async () => {
    const { button, user } = setup();
    button.focus();
    await user.keyboard(' ');
    await wait(DROPDOWN_DEBOUNCE_MS);
    expect(document.activeElement).toBe(screen.getAllByRole('menuitemradio')[0]);
    await user.keyboard('{Escape}');
    await user.keyboard('{ArrowUp}');
    await wait(DROPDOWN_DEBOUNCE_MS);
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Help' }));
  });

  it('closes when Tab leaves the menu', async () => {
    const { button, user } = setup();
    button.focus();
    await user.keyboard('{Enter}');
    await wait(DROPDOWN_DEBOUNCE_MS);
    await user.tab();
    expect(menu()).toBeNull();
  });

  it('does nothing while disabled', async () => {
    const { button, user } = setup({ disabled: true });
    expect(button).toHaveProperty('disabled', true);
    await user.click(button);
    await wait(DROPDOWN_DEBOUNCE_MS);
    expect(menu()).toBeNull();
  });
});
