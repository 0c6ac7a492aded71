import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { taskMachine, type UpdateTaskInput } from '@machines/todo/task.machine';
import { todoListMachine, type CreateTaskInput } from '@machines/todo/todo-list.machine';
import { matchesFilter, type Task, type TaskFilter, type TaskTag } from '@machines/todo/types';
import { renderWithProviders } from '../../../../../tests/render';
import { fill } from '../../../../../tests/support/fill';
import { TodoScreen } from './todo-screen';

const TAGS: TaskTag[] = [
  { id: 1, text: 'Frontend', value: 'frontend', color: 'primary' },
  { id: 4, text: 'Bug', value: 'bug', color: 'danger' },
];

const task = (id: number, title: string, extra: Partial<Task> = {}): Task => ({
  id,
  title,
  desc: '',
  tags: [],
  isImportant: false,
  isStarred: false,
  isCompleted: false,
  isTrashed: false,
  ...extra,
});

/** An in-memory backend behind the machine's actors; each call can be watched or made to fail. */
function fakeBackend(initial: Task[]) {
  let tasks = [...initial];
  const api = {
    loadTasks: vi.fn(async (filter: TaskFilter) => tasks.filter((t) => matchesFilter(t, filter)).sort((a, b) => b.id - a.id)),
    createTask: vi.fn(async (input: CreateTaskInput) => {
      const id = Math.max(0, ...tasks.map((t) => t.id)) + 1;
      tasks.push({ id, ...input.task });
      return { id };
    }),
    updateTask: vi.fn(async ({ id, patch }: UpdateTaskInput) => {
      const found = tasks.find((t) => t.id === id);
      if (!found) throw Object.assign(new Error('Task not found'), { status: 404 });
      const next = { ...found, ...patch };
      tasks = tasks.map((t) => (t.id === id ? next : t));
      return next;
    }),
  };
  const logic = todoListMachine.provide({
    actors: {
      loadTasks: fromPromise<Task[], { filter: TaskFilter }>(({ input }) => api.loadTasks(input.filter)),
      loadTags: fromPromise<TaskTag[]>(async () => TAGS),
      createTask: fromPromise<{ id: number }, CreateTaskInput>(({ input }) => api.createTask(input)),
      restoreTask: fromPromise<Task, { id: number }>(({ input }) => api.updateTask({ id: input.id, patch: { isTrashed: false } })),
      task: taskMachine.provide({ actors: { updateTask: fromPromise<Task, UpdateTaskInput>(({ input }) => api.updateTask(input)) } }),
    },
  });
  return { api, logic };
}

const SEED = [
  task(1, 'Write release notes', { desc: '<p>For <b>version 2</b></p>', tags: ['frontend'] }),
  task(2, 'Fix crash on start', { tags: ['bug'], isImportant: true }),
  task(3, 'Archive old logs', { isTrashed: true }),
];

function renderScreen(
  filter: TaskFilter = 'all',
  tasks = SEED,
  language: 'en' | 'de' = 'en',
  prepare?: (api: ReturnType<typeof fakeBackend>['api']) => void,
) {
  const backend = fakeBackend(tasks);
  prepare?.(backend.api);
  const user = userEvent.setup({ delay: null });
  const { location } = renderWithProviders(<TodoScreen logic={backend.logic} filter={filter} />, { path: '/apps/todo', language });
  return { ...backend, user, location };
}

const list = () => screen.findByRole('list', { name: /Tasks in/ });

describe('TodoScreen', () => {
  it('lists the view newest first, with tag badges and the description as plain text', async () => {
    renderScreen();
    const items = within(await list())
      .getAllByRole('listitem')
      .filter((li) => li.tagName === 'LI');
    expect(items.map((li) => within(li).getByRole('button', { name: /^Edit task/ }).textContent)).toEqual([
      'Fix crash on start',
      'Write release notes',
    ]);
    const notes = items[1] as HTMLElement;
    expect(within(notes).getByText('For version 2')).toBeInTheDocument();
    expect(notes.innerHTML).not.toContain('<b>');
    expect(within(notes).getByText('Frontend')).toBeInTheDocument();
    expect(screen.queryByText('Archive old logs')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
  });

  it('refuses to add a task with an empty title and says why', async () => {
    const { api, user } = renderScreen();
    await list();
    await user.click(screen.getByRole('button', { name: 'Add task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add task' });
    await user.click(within(dialog).getByRole('button', { name: 'Add task' }));
    expect(within(dialog).getByText('Enter a title for the task.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Title/ })).toHaveAttribute('aria-invalid', 'true');
    expect(api.createTask).not.toHaveBeenCalled();
  });

  it('adds a task, announces it and shows it first', async () => {
    const { api, user } = renderScreen();
    await list();
    await user.click(screen.getByRole('button', { name: 'Add task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add task' });
    await fill(user, within(dialog).getByRole('textbox', { name: /Title/ }), 'Call the supplier');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Description' }), 'About the invoice');
    await user.click(within(dialog).getByRole('button', { name: 'Add task' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add task' })).not.toBeInTheDocument());
    expect(api.createTask).toHaveBeenCalledWith({
      task: {
        title: 'Call the supplier',
        desc: 'About the invoice',
        tags: [],
        isImportant: false,
        isStarred: false,
        isCompleted: false,
        isTrashed: false,
      },
    });
    expect(await screen.findByText('“Call the supplier” was added.')).toBeInTheDocument();
    await waitFor(async () => {
      const first = within(await list()).getAllByRole('button', { name: /^Edit task/ })[0];
      expect(first).toHaveTextContent('Call the supplier');
    });
  });

  it('stars a task at once and saves it through the API', async () => {
    const { api, user } = renderScreen();
    await list();
    const star = screen.getByRole('button', { name: 'Star: Write release notes' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await user.click(star);
    expect(star).toHaveAttribute('aria-pressed', 'true');
    expect(api.updateTask).toHaveBeenCalledWith({ id: 1, patch: { isStarred: true } });
  });

  it('rolls a refused change back and shows a translated toast', async () => {
    const { api, user } = renderScreen();
    await list();
    api.updateTask.mockRejectedValueOnce(Object.assign(new Error('Internal error'), { status: 500 }));
    const important = screen.getByRole('button', { name: 'Important: Write release notes' });
    await user.click(important);
    expect(await screen.findByText('Change not saved')).toBeInTheDocument();
    expect(screen.getByText(/The important mark on “Write release notes” was undone\. The server ran into a problem/)).toBeInTheDocument();
    expect(important).toHaveAttribute('aria-pressed', 'false');
  });

  it('completes a task from its checkbox', async () => {
    const { api, user } = renderScreen();
    await list();
    await user.click(screen.getByRole('checkbox', { name: 'Completed: Fix crash on start' }));
    expect(screen.getByRole('checkbox', { name: 'Completed: Fix crash on start' })).toBeChecked();
    expect(api.updateTask).toHaveBeenCalledWith({ id: 2, patch: { isCompleted: true } });
  });

  it('moves a task to the trash: it leaves the list, and Undo brings it back', async () => {
    const { api, user } = renderScreen();
    await list();
    await user.click(screen.getByRole('button', { name: 'Move to trash: Fix crash on start' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Edit task Fix crash on start' })).not.toBeInTheDocument());
    expect(api.updateTask).toHaveBeenCalledWith({ id: 2, patch: { isTrashed: true } });
    expect(await screen.findByText('“Fix crash on start” was moved to the trash.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('button', { name: 'Edit task Fix crash on start' })).toBeInTheDocument();
    expect(api.updateTask).toHaveBeenLastCalledWith({ id: 2, patch: { isTrashed: false } });
  });

  it('restores a task from the trash view, which then shows its empty state', async () => {
    const { api, user } = renderScreen('trashed');
    await list();
    await user.click(screen.getByRole('button', { name: 'Restore: Archive old logs' }));
    expect(await screen.findByText('Trash is empty')).toBeInTheDocument();
    expect(api.updateTask).toHaveBeenCalledWith({ id: 3, patch: { isTrashed: false } });
  });

  it.each<[TaskFilter, string]>([
    ['all', 'No tasks yet'],
    ['starred', 'No starred tasks'],
    ['important', 'No important tasks'],
    ['completed', 'Nothing completed yet'],
    ['trashed', 'Trash is empty'],
    ['bug', 'No tasks tagged Bug'],
  ])('shows an empty state for the %s view', async (filter, title) => {
    renderScreen(filter, []);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
  });

  it('shows an error with Retry when the list cannot load', async () => {
    const { api, user } = renderScreen('all', SEED, 'en', (a) =>
      a.loadTasks.mockRejectedValueOnce(Object.assign(new Error('fetch failed'), { status: 0 })),
    );
    const alert = (await screen.findByText('The tasks could not be loaded')).closest('[role="alert"]') as HTMLElement;
    expect(within(alert).getByText('The tasks could not be loaded')).toBeInTheDocument();
    expect(within(alert).getByText(/The server could not be reached/)).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await list()).toBeInTheDocument();
    expect(api.loadTasks).toHaveBeenCalledTimes(2);
  });

  it('searches and sorts the list', async () => {
    const { user } = renderScreen();
    await list();
    await user.click(screen.getByRole('combobox', { name: 'Sort tasks' }));
    await user.click(await screen.findByRole('option', { name: 'Title A–Z' }));
    const titles = () => screen.getAllByRole('button', { name: /^Edit task/ }).map((b) => b.textContent);
    expect(titles()).toEqual(['Fix crash on start', 'Write release notes']);
    await user.type(screen.getByRole('searchbox', { name: 'Search tasks' }), 'version');
    expect(titles()).toEqual(['Write release notes']);
    expect(screen.getByText('Showing 1 of 2 tasks')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search tasks' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search tasks' }), 'nothing like this');
    expect(screen.getByText('No matching tasks')).toBeInTheDocument();
  });

  it('edits a task; a failed save keeps what was typed and offers Retry', async () => {
    const { api, user } = renderScreen();
    await list();
    await user.click(screen.getByRole('button', { name: 'Edit task Write release notes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit task' });
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toHaveValue('For version 2');
    const title = within(dialog).getByRole('textbox', { name: /Title/ });
    await user.clear(title);
    await fill(user, title, 'Write the release notes');
    api.updateTask.mockRejectedValueOnce(Object.assign(new Error('Bad'), { status: 422 }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Your changes could not be saved')).toBeInTheDocument();
    expect(title).toHaveValue('Write the release notes');
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit task' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Edit task Write the release notes' })).toBeInTheDocument();
    expect(api.updateTask).toHaveBeenLastCalledWith({
      id: 1,
      patch: { title: 'Write the release notes', desc: '<p>For <b>version 2</b></p>', tags: ['frontend'] },
    });
  });

  it('links every view and tag to its own address; small screens get a view select', async () => {
    const { user, location } = renderScreen();
    await list();
    expect(screen.getByRole('link', { name: 'Trashed' })).toHaveAttribute('href', '/apps/todo/trashed');
    expect(screen.getByRole('link', { name: 'Bug' })).toHaveAttribute('href', '/apps/todo/bug');
    await user.click(screen.getByRole('combobox', { name: 'View' }));
    await user.click(await screen.findByRole('option', { name: 'Bug' }));
    expect(location.history?.at(-1)).toBe('/apps/todo/bug');
  });

  it('speaks German', async () => {
    renderScreen('all', SEED, 'de');
    expect(await screen.findByRole('button', { name: 'Stern: Write release notes' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Papierkorb' })).toBeInTheDocument();
  });
});
