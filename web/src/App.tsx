import { Center, Loader } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';

import { AppLayout } from './layout/AppLayout';
import { usePath } from './routing/router';
import { lazyScreen } from './screens/lazy-screen';
import { ScreenErrorBoundary } from './screens/ScreenErrorBoundary';
import { SCREENS } from './screens/screens';
import { session } from './session/session-store';
import { useSignedIn } from './session/use-session';

const SignInScreen = lazyScreen(() => import('./screens/auth/SignInScreen'));
const RegisterScreen = lazyScreen(() => import('./screens/auth/RegisterScreen'));

function Loading() {
  return (
    <Center h="60vh">
      <Loader aria-label="Загрузка" />
    </Center>
  );
}

/**
 * Restores the session of a reloaded tab from its refresh token before deciding what to show; the screen the address
 * names starts loading meanwhile.
 */
function useRestoredSession(path: string): boolean {
  const [restoring, setRestoring] = useState(() => !session.signedIn && session.hasRefreshToken());
  const [restoredPath] = useState(path);
  useEffect(() => {
    if (!restoring) return;
    void SCREENS.find((screen) => screen.path === restoredPath)?.Component.preload();
    void session.refresh().finally(() => setRestoring(false));
  }, [restoring, restoredPath]);
  return restoring;
}

export function App() {
  const path = usePath();
  const restoring = useRestoredSession(path);
  const signedIn = useSignedIn();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn) queryClient.clear();
  }, [signedIn, queryClient]);

  if (restoring) return <Loading />;
  return (
    <Suspense fallback={<Loading />}>
      {signedIn ? (
        <AppLayout path={path} />
      ) : (
        <ScreenErrorBoundary key={path} screen={path === '/register' ? RegisterScreen : SignInScreen} />
      )}
    </Suspense>
  );
}
