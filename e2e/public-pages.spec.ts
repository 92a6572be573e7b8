import { expect, test } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/axe';

test.describe('public pages', () => {
  test('a visitor on the landing page sees the promise, the figures and where Yardly works', async ({ page }) => {
    await page.goto('/');

    await expect(page.getByRole('heading', { level: 1, name: 'Make Money. Earn Respect. Keep It Simple.' })).toBeVisible();
    await expect(page.getByText('Yardly is available only in select ZIP codes.', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Getting Started', exact: true })).toHaveAttribute('href', '/auth');
    await expect(page.getByRole('link', { name: 'Watch How It Works', exact: true })).toHaveAttribute('href', '/how-it-works');

    for (const figure of ['300+', '4.8', '50+', '$15-25']) {
      await expect(page.getByText(figure, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { level: 2, name: 'Teen stories' })).toBeVisible();
    await expect(page.getByText('Maya, 16')).toBeVisible();
    await expect(page.getByText('Jordan, 15')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create Your Free Account' })).toHaveAttribute('href', '/auth');

    const footer = page.getByRole('navigation', { name: 'Footer' });
    for (const [name, href] of [
      ['How It Works', '/how-it-works'],
      ['Safety Guidelines', '/safety-guidelines'],
      ['Terms of Service', '/terms-of-service'],
      ['FAQ', '/faq'],
      ['Help & Support', '/help'],
    ] as const) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }

    await expectNoAccessibilityViolations(page);
  });

  test('a visitor taps Getting Started and lands on sign-in', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Getting Started', exact: true }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a visitor taps Watch How It Works and reads the steps for teens and homeowners', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Watch How It Works', exact: true }).click();
    await expect(page).toHaveURL(/\/how-it-works$/);

    await expect(page.getByRole('heading', { level: 1, name: 'How It Works' })).toBeVisible();
    for (const section of ['For teens', 'Safety built in', 'For homeowners', 'Popular job types']) {
      await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
    }
    for (const jobType of ['Lawn care', 'Leaf raking', 'Snow shoveling', 'Cleaning', 'Outdoor maintenance', 'Seasonal work']) {
      await expect(page.getByRole('heading', { level: 3, name: jobType, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Sign Up Now' })).toHaveAttribute('href', '/auth');

    await expectNoAccessibilityViolations(page);
  });

  test('a visitor asks for help: live chat, phone, email and the app info', async ({ page }) => {
    await page.goto('/help');
    await expect(page.getByRole('heading', { level: 1, name: 'Help & Support' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/');

    const alerts: string[] = [];
    page.on('dialog', async (dialog) => {
      alerts.push(dialog.message());
      await dialog.accept();
    });
    await page.getByRole('button', { name: /Live Chat/ }).click();
    await expect.poll(() => alerts).toEqual(['Live chat feature coming soon!']);

    const call = page.getByRole('link', { name: /Call Support/ });
    await expect(call).toHaveAttribute('href', /^tel:\+?[\d-]+$/);
    await expect(call).toContainText('Mon-Fri 9AM-6PM EST');
    await expect(page.getByRole('link', { name: /Email Us/ })).toHaveAttribute('href', /^mailto:support@yardly\.app\?subject=.+/);

    await expect(page.getByRole('link', { name: /Safety Guidelines/ })).toHaveAttribute('href', '/safety-guidelines');
    await expect(page.getByRole('link', { name: /Terms of Service/ })).toHaveAttribute('href', '/terms-of-service');
    await expect(page.getByRole('link', { name: /FAQ/ })).toHaveAttribute('href', '/faq');
    await expect(page.getByText('Version 1.0.0', { exact: true })).toBeVisible();
    await expect(page.getByText('Last Updated Jan 2025', { exact: true })).toBeVisible();

    await expectNoAccessibilityViolations(page);
  });

  test('a teen reads the safety guidelines and finds the emergency numbers', async ({ page }) => {
    await page.goto('/safety-guidelines');
    await expect(page.getByRole('heading', { level: 1, name: 'Safety Guidelines' })).toBeVisible();

    for (const practice of ['Meet in public places', 'Tell someone your location', 'Use proper equipment', 'Follow coordinator guidelines']) {
      await expect(page.getByRole('heading', { level: 3, name: practice })).toBeVisible();
    }
    await expect(page.getByRole('heading', { level: 2, name: 'Warning signs' })).toBeVisible();
    await expect(page.getByText('A homeowner asks you to work alone in isolated areas')).toBeVisible();
    await expect(page.getByText('Requests for work outside 6 AM-8 PM')).toBeVisible();
    await expect(page.getByText('Pressure to start without coordinator approval')).toBeVisible();

    await expect(page.getByRole('link', { name: /911/ })).toHaveAttribute('href', 'tel:911');
    await expect(page.getByRole('link', { name: /Safety Line/ })).toHaveAttribute('href', /^tel:\+?[\d-]+$/);

    await expectNoAccessibilityViolations(page);
  });

  test('a parent reads the terms of service', async ({ page }) => {
    await page.goto('/terms-of-service');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expect(page.getByText('Last updated January 2025', { exact: true })).toBeVisible();

    for (const topic of ['Parental consent', 'Child labor laws', 'Work hours', 'Payments and escrow', 'Platform fee', 'Cancellations and refunds', 'Disputes']) {
      await expect(page.getByRole('heading', { level: 2, name: topic })).toBeVisible();
    }
    await expect(page.getByText(/6 AM-8 PM/)).toBeVisible();
    await expect(page.getByText(/within 5-7 business days/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'legal@yardly.app' })).toHaveAttribute('href', 'mailto:legal@yardly.app');

    await expectNoAccessibilityViolations(page);
  });

  test('a visitor opens an FAQ answer and can reach support', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/FAQ|Frequently Asked Questions/);

    const categories = page.getByRole('heading', { level: 2 });
    for (const category of ['Getting Started', 'Safety & Supervision', 'Jobs & Payment', 'Parents & Guardians']) {
      await expect(categories.filter({ hasText: category })).toHaveCount(1);
    }

    const answer = page.getByText(/held for you for 15 minutes/);
    await expect(answer).toBeHidden();
    await page.getByText('How do I take a job?').click();
    await expect(answer).toBeVisible();

    await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/help');
    await expectNoAccessibilityViolations(page);
  });

  test('an admin reads the email setup guide for the sender-verification error', async ({ page }) => {
    await page.goto('/sendgrid-setup');
    await expect(page.getByRole('heading', { level: 1, name: 'Email Setup Guide' })).toBeVisible();
    await expect(page.getByText('403 Forbidden: The from address does not match a verified Sender Identity')).toBeVisible();
    await expect(page.getByText(/SMTP_URL=smtp:\/\/apikey:/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Email Test page' })).toHaveAttribute('href', '/email-test');

    await expectNoAccessibilityViolations(page);
  });

  test('a visitor who follows a broken link sees the 404 page and gets home', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
    await expectNoAccessibilityViolations(page);

    await page.getByRole('link', { name: 'Go Back Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Make Money. Earn Respect. Keep It Simple.' })).toBeVisible();
  });
});
