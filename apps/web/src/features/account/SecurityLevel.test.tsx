import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n';
import { SecurityLevel } from './SecurityLevel';
import { securityLevelName, securityScore } from './security';

afterEach(cleanup);

describe('security level', () => {
  it('starts at 25 and adds 25 for a phone, an e-mail and a certified identity', () => {
    expect(securityScore({})).toBe(25);
    expect(securityScore({ phone: '', email: '', review_status: 0 })).toBe(25);
    expect(securityScore({ phone: '13800138000', email: '', review_status: 1 })).toBe(50);
    expect(securityScore({ phone: '', email: 'a@b.io', review_status: 2 })).toBe(75);
    expect(securityScore({ phone: '13800138000', email: 'a@b.io', review_status: 2 })).toBe(100);
  });

  it('names 50 middle, 75 high and 100 strong', () => {
    expect(securityLevelName(25)).toBe('low');
    expect(securityLevelName(50)).toBe('middle');
    expect(securityLevelName(75)).toBe('high');
    expect(securityLevelName(100)).toBe('strong');
  });

  it('renders the bar with its level and as many lit steps', () => {
    render(<SecurityLevel user={{ phone: '', email: 'alice@demo.exchange', review_status: 2 }} />);
    const bar = screen.getByTestId('security-level');
    expect(bar.getAttribute('data-level')).toBe('75');
    expect(bar.querySelectorAll('.security-step.on')).toHaveLength(3);
    expect(bar.textContent).toContain('High');
  });

  it('shows strong when everything is bound and certified', () => {
    render(<SecurityLevel user={{ phone: '13800138000', email: 'a@b.io', review_status: 2 }} />);
    const bar = screen.getByTestId('security-level');
    expect(bar.getAttribute('data-level')).toBe('100');
    expect(bar.querySelectorAll('.security-step.on')).toHaveLength(4);
    expect(bar.textContent).toContain('Strong');
  });
});
