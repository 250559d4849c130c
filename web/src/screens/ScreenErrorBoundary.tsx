import { Alert, Button, Text } from '@mantine/core';
import { Component } from 'react';

import type { LazyScreen } from './lazy-screen';

/**
 * A lazily loaded screen inside an error boundary: a screen whose code did not load (a refused or lost chunk) or that
 * failed to render shows a message with a reload button in its place, never a blank page; the reload imports the code
 * again.
 */
export class ScreenErrorBoundary extends Component<{ screen: LazyScreen }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  private reload = () => {
    this.props.screen.reload();
    this.setState({ failed: false });
  };

  render() {
    const Screen = this.props.screen;
    if (!this.state.failed) return <Screen />;
    return (
      <Alert color="red" role="alert" title="Не удалось загрузить раздел">
        <Text size="sm" mb="sm">
          Проверьте соединение и обновите раздел.
        </Text>
        <Button onClick={this.reload}>Обновить</Button>
      </Alert>
    );
  }
}
