import { unwrap } from '../api/api-error';
import { api } from '../api/client';
import { session } from './session-store';

/** Logs in and starts the tab's session; a wrong password or a locked account ends as an ApiError with its message. */
export async function signIn(email: string, password: string): Promise<void> {
  session.start(unwrap(await api.POST('/auth/login', { body: { email, password } })));
}
