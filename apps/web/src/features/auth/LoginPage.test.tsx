import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n';
import LoginPage from './LoginPage';

afterEach(cleanup);

/** The login screen with the environment answer already known, so nothing is fetched. */
function renderLogin(needSmsCode: boolean, path = '/components/login') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(['env'], { socket_io_port: 8080, is_demo: true, login_need_smscode: needSmsCode });
  const router = createMemoryRouter([{ path: '/components/login', element: <LoginPage /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('LoginPage', () => {
  it('asks for the SMS code only when the environment requires one', () => {
    renderLogin(false);
    expect(screen.queryByTestId('login-sms-code')).toBeNull();
    cleanup();
    renderLogin(true);
    expect(screen.getByTestId('login-sms-code')).toBeTruthy();
    expect(screen.getByTestId('send-code')).toBeTruthy();
  });

  it('checks the account, the password length and the code before sending anything', () => {
    renderLogin(true);
    const submit = screen.getByTestId('login-submit');
    fireEvent.click(submit);
    expect(screen.getByRole('alert').textContent).toBe('Please enter your account');
    fireEvent.change(screen.getByTestId('login-account'), { target: { value: 'alice@demo.exchange' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: '12345' } });
    fireEvent.click(submit);
    expect(screen.getByRole('alert').textContent).toBe('The password must be 6 to 16 characters');
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: '123456' } });
    fireEvent.click(submit);
    expect(screen.getByRole('alert').textContent).toBe('Please enter the verification code');
  });

  it('prefills the account from the link and caps the password at 16', () => {
    renderLogin(false, '/components/login?account_number=bob%40demo.exchange&isEmail=1');
    expect(screen.getByTestId<HTMLInputElement>('login-account').value).toBe('bob@demo.exchange');
    expect(screen.getByTestId<HTMLInputElement>('login-password').maxLength).toBe(16);
  });

  it('offers the points-exchange variant with account and password only', () => {
    renderLogin(true);
    fireEvent.click(screen.getByTestId('login-variant-points'));
    expect(screen.queryByTestId('login-sms-code')).toBeNull();
    expect(screen.queryByTestId('country-picker')).toBeNull();
    expect(screen.getByTestId('login-password')).toBeTruthy();
  });
});
