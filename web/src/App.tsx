import { Center, Loader } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';

import { AppLayout } from './layout/AppLayout';
import { usePath } from './routing/router';
import { session } from './session/session-store';
import { useSignedIn } from './session/use-session';

const SignInScreen = lazy(() => import('./screens/SignInScreen'));
const RegisterScreen = lazy(() => import('./screens/RegisterScreen'));

function Loading() {
  return (
    <Center h="60vh">
      <Loader aria-label="Загрузка" />
    </Center>
  );
}

/** Restores the session of a reloaded tab from its refresh token before deciding what to show. */
function useRestoredSession(): boolean {
  const [restoring, setRestoring] = useState(() => !session.signedIn && session.hasRefreshToken());
  useEffect(() => {
    if (restoring) void session.refresh().finally(() => setRestoring(false));
  }, [restoring]);
  return restoring;
}

export function App() {
  const restoring = useRestoredSession();
  const signedIn = useSignedIn();
  const path = usePath();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn) queryClient.clear();
  }, [signedIn, queryClient]);

  if (restoring) return <Loading />;
  return (
    <Suspense fallback={<Loading />}>
      {signedIn ? <AppLayout path={path} /> : path === '/register' ? <RegisterScreen /> : <SignInScreen />}
    </Suspense>
  );
}
