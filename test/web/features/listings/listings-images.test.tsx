import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_KEY_PATTERN } from '../../../../contracts/listings/schema';
import en from '../../../../web/src/i18n/en.json';
import { auth, configure, fakeUploadTasks, IDENTITY_ID, signedInUser, storage, type FakeUploadTask } from '../../amplify-mock';
import { imageKey, jpegFile, openRoute, pngFile, productView } from './listings-fixtures';
import { resetAppState } from '../../render-app';
import type { SalesHandler } from '../../sales-fixtures';

vi.mock('aws-amplify', () => ({ Amplify: { configure } }));
vi.mock('aws-amplify/auth', () => auth);
vi.mock('aws-amplify/utils', () => ({ ConsoleLogger: {} }));
vi.mock('aws-amplify/storage', () => storage);

const api: SalesHandler = (c) => {
  if (c.path === '/api/products/P-1' && c.method === 'GET') return { status: 200, body: productView(1, 'draft') };
  if (c.path === '/api/products/P-1' && c.method === 'PUT') return { status: 200, body: productView(1, 'draft') };
  if (c.path === '/api/products' && c.method === 'POST') return { status: 201, body: productView(9, 'draft') };
  if (c.path === '/api/products') return { status: 200, body: { items: [] } };
  return undefined;
};

async function openManager(path = '/products/new') {
  const tasks = fakeUploadTasks();
  const opened = await openRoute(path, api, path === '/products/new' ? /^Add a product$/ : /^Edit product$/);
  await opened.user.click(await screen.findByRole('button', { name: en.manage_images }));
  const dialog = await screen.findByRole('dialog', { name: en.image_manager_title });
  const addFiles = (files: File[]) => opened.user.upload(within(dialog).getByTestId('image-file-input'), files);
  return { ...opened, tasks, dialog, addFiles };
}

const names = (dialog: HTMLElement) => within(dialog).queryAllByTestId('image-manager-item').map((li) => li.querySelector('.image-name')?.textContent);
const completeAll = (tasks: FakeUploadTask[]) => act(() => tasks.forEach((t) => t.complete()));

describe('images of the item form: browser checks, Amplify uploads, the image manager', () => {
  beforeEach(async () => {
    await resetAppState();
    vi.clearAllMocks();
    signedInUser();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('uploads with uploadData into the vendor’s prefix, with the type the bytes show, one folder per form', { timeout: 20_000 }, async () => {
    const { tasks, addFiles } = await openManager();
    // A JPEG saved as .png: uploaded as the JPEG it is, so the server's type check agrees.
    await addFiles([jpegFile('front.png'), pngFile('side.png')]);
    await waitFor(() => expect(tasks).toHaveLength(2));
    const [front, side] = tasks;
    expect(front!.input.options.contentType).toBe('image/jpeg');
    expect(side!.input.options.contentType).toBe('image/png');
    // If-None-Match: * — an object, once written, is never replaced (the cloud role can insist).
    for (const task of tasks) expect(task.input.options).toMatchObject({ preventOverwrite: true });
    expect(front!.path).toMatch(IMAGE_KEY_PATTERN);
    expect(front!.path).toMatch(new RegExp(`^private/${IDENTITY_ID}/products/[0-9a-f-]{36}/[0-9a-f-]{36}\\.jpg$`));
    expect(side!.path).toMatch(/\.png$/);
    // Same upload folder, different image ids.
    expect(front!.path.split('/')[3]).toBe(side!.path.split('/')[3]);
    expect(front!.path.split('/')[4]).not.toBe(side!.path.split('/')[4]);
    expect(front!.input.data.name).toBe('front.png');
  });

  it('refuses an 11th image with its message, and offers no more adding at 10', async () => {
    const { tasks, dialog, addFiles } = await openManager();
    await addFiles(Array.from({ length: 9 }, (_, i) => pngFile(`p${i + 1}.png`)));
    await waitFor(() => expect(tasks).toHaveLength(9));
    await addFiles([pngFile('p10.png'), pngFile('p11.png')]);
    const refusals = await within(dialog).findByTestId('image-refusals');
    expect(refusals.getAttribute('role')).toBe('alert');
    expect(refusals.textContent).toBe('You can add up to 10 images.');
    await waitFor(() => expect(tasks).toHaveLength(10));
    expect(tasks.map((t) => t.input.data.name)).not.toContain('p11.png');
    expect(within(dialog).getByTestId('image-count').textContent).toBe('10 of 10 images');
    expect(within(dialog).getByRole('button', { name: en.add_images }).hasAttribute('disabled')).toBe(true);
  });

  it('refuses a 6 MB file and a text file renamed .png, each with its message, before uploading', async () => {
    const { tasks, dialog, addFiles } = await openManager();
    await addFiles([pngFile('photo.png', 6 * 1024 * 1024), new File(['just some notes, not a picture'], 'notes.png', { type: 'image/png' }), pngFile('ok.png')]);
    const refusals = await within(dialog).findByTestId('image-refusals');
    expect(within(refusals).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['photo.png is larger than 5 MB.', 'notes.png is not a JPEG, PNG, GIF or BMP image.']);
    await waitFor(() => expect(tasks).toHaveLength(1));
    expect(tasks[0]!.input.data.name).toBe('ok.png');
    expect(names(dialog)).toEqual(['ok.png']);
  });

  it('shows each upload’s progress (named after the file) and cancels it with the task’s cancel()', async () => {
    const { tasks, dialog, addFiles, user } = await openManager();
    await addFiles([pngFile('front.png', 4000)]);
    await waitFor(() => expect(tasks).toHaveLength(1));
    const progress = within(dialog).getByRole('progressbar', { name: 'front.png' }) as HTMLProgressElement;
    expect(progress.value).toBe(0);
    act(() => tasks[0]!.progress(1000));
    expect(progress.value).toBe(25);
    expect(within(dialog).getByTestId('upload-progress').textContent).toContain('25%');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the upload of front.png' }));
    expect(tasks[0]!.cancel).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(names(dialog)).toEqual([]));
    expect(storage.remove).not.toHaveBeenCalled();
  });

  it('says politely when an upload finished, in the image manager and, for the label, in the form', async () => {
    const { tasks, dialog, addFiles, user } = await openManager();
    await addFiles([pngFile('front.png'), pngFile('side.png')]);
    await waitFor(() => expect(tasks).toHaveLength(2));
    const status = within(dialog).getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toBe('');
    act(() => tasks[1]!.complete());
    await waitFor(() => expect(status.textContent).toBe('side.png uploaded.'));
    act(() => tasks[0]!.complete());
    await waitFor(() => expect(status.textContent).toBe('front.png uploaded.'));
    // The manager said it: the form does not say it again.
    expect(screen.getByTestId('form-upload-status').textContent).toBe('');
    await user.click(within(dialog).getByRole('button', { name: en.done }));

    await user.upload(screen.getByTestId('label-file-input'), jpegFile('label.jpg'));
    await waitFor(() => expect(tasks).toHaveLength(3));
    const formStatus = screen.getByRole('status');
    expect(formStatus).toBe(screen.getByTestId('form-upload-status'));
    act(() => tasks[2]!.complete());
    await waitFor(() => expect(formStatus.textContent).toBe('label.jpg uploaded.'));
  });

  it('deletes an upload that finished just as it was cancelled', async () => {
    const { tasks, dialog, addFiles, user } = await openManager();
    await addFiles([pngFile('late.png')]);
    await waitFor(() => expect(tasks).toHaveLength(1));
    // Too late to abort: the task finishes anyway.
    tasks[0]!.cancel.mockImplementation(() => undefined);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the upload of late.png' }));
    expect(names(dialog)).toEqual([]);
    await completeAll(tasks);
    await waitFor(() => expect(storage.remove).toHaveBeenCalledWith({ path: tasks[0]!.path }));
    expect(names(dialog)).toEqual([]);
  });

  it('deletes a removed upload that was never saved, never a stored image', async () => {
    const { tasks, dialog, addFiles, user } = await openManager('/products/P-1/edit');
    expect(names(dialog)).toEqual(['Image 1', 'Image 2']);
    await addFiles([pngFile('new.png')]);
    await waitFor(() => expect(tasks).toHaveLength(1));
    await completeAll(tasks);
    await waitFor(() => expect(within(dialog).queryByRole('progressbar')).toBeNull());
    await user.click(within(dialog).getByRole('button', { name: 'Remove new.png' }));
    await waitFor(() => expect(storage.remove).toHaveBeenCalledWith({ path: tasks[0]!.path }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove Image 1' }));
    expect(names(dialog)).toEqual(['Image 2']);
    expect(storage.remove).toHaveBeenCalledTimes(1);
  });

  it('reorders with Move up / Move down / Make primary from the keyboard; the first is the primary image and is saved first', async () => {
    const { calls, tasks, dialog, addFiles, user } = await openManager('/products/P-1/edit');
    await addFiles([pngFile('third.png')]);
    await waitFor(() => expect(tasks).toHaveLength(1));
    await completeAll(tasks);
    expect(names(dialog)).toEqual(['Image 1', 'Image 2', 'third.png']);
    const badge = () => within(within(dialog).getAllByTestId('image-manager-item')[0]!).queryByTestId('primary-badge')?.textContent;
    expect(badge()).toBe(en.primary_image);

    within(dialog).getByRole('button', { name: 'Make third.png the primary image' }).focus();
    await user.keyboard('{Enter}');
    expect(names(dialog)).toEqual(['third.png', 'Image 1', 'Image 2']);
    expect(within(dialog).getByRole('status').textContent).toBe('third.png is now the primary image.');
    // The moved image keeps the focus (Move up is off at the top: Move down has it).
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Move third.png down' }));
    await user.keyboard('{Enter}');
    expect(names(dialog)).toEqual(['Image 1', 'third.png', 'Image 2']);
    expect(within(dialog).getByRole('status').textContent).toBe('third.png is now image 2 of 3.');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Move third.png down' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move Image 2 up' }));
    expect(names(dialog)).toEqual(['Image 1', 'Image 2', 'third.png']);
    expect(within(dialog).getByRole('button', { name: 'Move Image 1 up' }).hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Move third.png down' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Make Image 2 the primary image' }));
    expect(badge()).toBe(en.primary_image);

    await user.click(within(dialog).getByRole('button', { name: en.done }));
    await user.click(screen.getByRole('button', { name: en.save_as_draft }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ values: { images: [imageKey(2), imageKey(1), tasks[0]!.path] } });
  });

  it('takes one nutrition facts label photo, refused like the images when it is not one', async () => {
    const tasks = fakeUploadTasks();
    const { user } = await openRoute('/products/new', api, /^Add a product$/);
    await user.upload(screen.getByTestId('label-file-input'), new File(['%PDF-1.7'], 'label.png', { type: 'image/png' }));
    expect((await screen.findByTestId('label-refusals')).textContent).toBe('label.png is not a JPEG, PNG, GIF or BMP image.');
    await user.upload(screen.getByTestId('label-file-input'), jpegFile('label.jpg'));
    await waitFor(() => expect(tasks).toHaveLength(1));
    expect(screen.getByRole('progressbar', { name: 'label.jpg' })).toBeTruthy();
    await completeAll(tasks);
    expect(screen.getByRole('button', { name: en.replace_label })).toBeTruthy();
    expect(screen.queryByTestId('label-refusals')).toBeNull();
  });

  it('shows the image guidelines of spec §5, one modal for product images and one for the label', async () => {
    const { user } = await openRoute('/products/new', api, /^Add a product$/);
    await user.click(screen.getByRole('button', { name: en.image_guidelines }));
    const images = await screen.findByRole('dialog', { name: en.image_guidelines_title });
    expect(within(images).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'A pure white background.',
      'A square frame: as wide as it is tall.',
      'The product filling at least 85 % of the frame.',
      'No text, logos or watermarks.',
      'JPEG, PNG, GIF or BMP, up to 5 MB each.',
      'Up to 10 images per product.',
    ]);
    await user.click(within(images).getByRole('button', { name: en.close }));
    await user.click(screen.getByRole('button', { name: en.label_guidelines }));
    const label = await screen.findByRole('dialog', { name: en.label_guidelines_title });
    expect(within(label).getByText('JPEG, PNG, GIF or BMP, up to 5 MB each.')).toBeTruthy();
    expect(within(label).getByText(en.label_guideline_required)).toBeTruthy();
  });
});
