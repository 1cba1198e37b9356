import type { contactMachine } from '../../src-core/machines/contact.machine';
import type { deleteMachine } from '../../src-core/machines/delete.machine';
import type { loginMachine } from '../../src-core/machines/login.machine';
import type { menuMachine } from '../../src-core/machines/menu.machine';
import type { postsMachine } from '../../src-core/machines/posts.machine';
import type { uploadMachine } from '../../src-core/machines/upload.machine';

/*
 * What only a view can do for a machine: move focus to one of its elements, go to another page,
 * read a field it owns. A view passes one of these objects, once, to the composition root's
 * factory (`useMachines().contact({...})`), whose provided actions call it; the machine itself
 * only names the moment (see each machine's header). A focus move whose element the new state
 * draws goes through `useAfterRender`, so it lands on what React has drawn for that state.
 */

export interface MenuViewActions {
  focusToggle(): void;
}

export interface ContactViewActions {
  /** The hidden trap field as the message is sent: people never fill it, robots do. */
  trapValue(): string;
  focusFieldToFix(): void;
  focusOutcome(): void;
}

export interface LoginViewActions {
  showAdminArea(): void;
  focusFieldToFix(): void;
  focusFailure(): void;
}

export interface UploadViewActions {
  focusUploadButton(): void;
  clearFileInput(): void;
  focusFileInput(): void;
}

export interface DeleteViewActions {
  focusDeleteButton(): void;
  /** Gone from the backend; the lists that showed it are already reloading. */
  deleted(): void;
}

export interface PostsViewActions {
  focusFieldToFix(): void;
  focusFailure(): void;
  focusNotice(): void;
  focusEditor(): void;
}

/**
 * The machines of the public pages, provided with the backend's actors by the composition root
 * (src/app/machines.ts): a view asks for its machine with its own few actions and then only
 * sends events and reads state.
 */
export interface Machines {
  readonly menu: (view: MenuViewActions) => typeof menuMachine;
  readonly contact: (view: ContactViewActions) => typeof contactMachine;
}

/**
 * The admin area's machines, the same way (src/app/admin-machines.tsx). They come with the admin
 * area's code, so a visitor's page never downloads them.
 */
export interface AdminMachines {
  readonly login: (view: LoginViewActions) => typeof loginMachine;
  readonly upload: (view: UploadViewActions) => typeof uploadMachine;
  /** Deletes a stored file or a news post, whichever its input names. */
  readonly delete: (view: DeleteViewActions) => typeof deleteMachine;
  readonly posts: (view: PostsViewActions) => typeof postsMachine;
}
