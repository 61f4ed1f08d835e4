import { useEffect, useState } from 'react';

interface NewsItem {
  id: number;
  title: string;
  update_time: string;
}

interface Envelope<T> {
  type: string;
  message: T;
}

/**
 * The first page the exchange serves: it proves the API answers and lists the latest notices. The trading
 * client replaces it (web client issue).
 */
export function StatusPage() {
  const [notices, setNotices] = useState<NewsItem[]>([]);
  const [apiState, setApiState] = useState<'checking' | 'up' | 'down'>('checking');

  useEffect(() => {
    fetch('/api/news/list', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ c_id: '4', limit: '5' }),
    })
      .then((response) => response.json() as Promise<Envelope<{ list: NewsItem[] }>>)
      .then((answer) => {
        setApiState(answer.type === 'ok' ? 'up' : 'down');
        if (answer.type === 'ok') setNotices(answer.message.list);
      })
      .catch(() => setApiState('down'));
  }, []);

  return (
    <main
      style={{
        fontFamily: 'system-ui, sans-serif',
        background: '#0b0e11',
        color: '#eaecef',
        minHeight: '100vh',
        padding: 32,
      }}
    >
      <h1 style={{ margin: 0 }}>Exchange</h1>
      <p>API: {apiState}</p>
      <h2>Notices</h2>
      <ul>
        {notices.map((notice) => (
          <li key={notice.id}>
            {notice.title} <small style={{ color: '#848e9c' }}>{notice.update_time}</small>
          </li>
        ))}
      </ul>
    </main>
  );
}
