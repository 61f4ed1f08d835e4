import { Outlet } from 'react-router';
import { Footer } from '../features/shell/Footer';
import { Header } from '../features/shell/Header';

export function Layout() {
  return (
    <div className="app">
      <Header />
      <main className="app-main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
