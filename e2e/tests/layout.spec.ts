import type { Page } from '@playwright/test';
import { expect, signIn, test, USERS } from '../fixtures';

/*
 * The console works from a phone to a wide screen: at 390, 1024 and 1440 px
 * the main screens have no page-wide sideways scroll, no header control or
 * row control drawn over another, and no badge or header label cut short.
 * (Tables wider than a phone scroll inside their own frame.)
 */

const WIDTHS = [390, 1024, 1440] as const;

interface Box {
  what: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What is wrong with the layout of the page as drawn now (an empty list when nothing is). */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const visible = (el: Element) => {
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return rect.width > 0 && rect.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
    };
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    const boxOf = (el: Element): Box => {
      const rect = el.getBoundingClientRect();
      return { what: describe(el), x: rect.x, y: rect.y, width: rect.width, height: rect.height };
    };
    const overlap = (a: Box, b: Box) =>
      Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 1 &&
      Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > 1;
    const checkApart = (where: string, elements: Element[]) => {
      const boxes = elements.filter(visible).map(boxOf);
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          if (overlap(boxes[i]!, boxes[j]!))
            problems.push(`${where}: ${boxes[i]!.what} overlaps ${boxes[j]!.what}`);
        }
      }
    };

    if (document.documentElement.scrollWidth > window.innerWidth + 1) {
      problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px wide`);
    }

    const header = document.querySelector('header');
    if (header) {
      // The header's own controls: the menu button, the product name, its links and menus.
      const controls = Array.from(header.querySelectorAll('a, button'));
      checkApart('header', controls);
      for (const control of controls.filter(visible)) {
        const rect = control.getBoundingClientRect();
        if (rect.right > window.innerWidth + 1 || rect.left < -1)
          problems.push(`header: ${describe(control)} is off the screen`);
      }
      const nav = header.querySelector('nav');
      if (nav && visible(nav) && nav.scrollWidth > nav.clientWidth + 1) {
        problems.push('header: its links do not fit (they scroll)');
      }
    }

    // Words that must be read whole: badges and the labels of header controls.
    const labels = Array.from(
      document.querySelectorAll('.mantine-Badge-label, .mantine-Badge-root, header .mantine-Button-label'),
    ).filter(visible);
    for (const label of labels) {
      if (label.scrollWidth > label.clientWidth + 1) problems.push(`${describe(label)} is cut short`);
    }

    // In each table row, the badges and controls stand apart.
    for (const row of Array.from(document.querySelectorAll('tbody tr'))) {
      checkApart('row', Array.from(row.querySelectorAll('a, button, input, .mantine-Badge-root')));
    }
    return problems;
  });
}

test.describe('layout at 390, 1024 and 1440 px', () => {
  test.describe.configure({ timeout: 240_000 });

  test('the site operator’s main screens', async ({ page }) => {
    await signIn(page, USERS.site);
    await page.goto('/tenants');
    const firstIndustry = page.getByRole('table').getByRole('link').first();
    await expect(firstIndustry).toBeVisible();
    const industryView = (await firstIndustry.getAttribute('href'))!;
    const screens = ['/home', '/tenants', '/partners', '/users', '/auditLog', '/alerts', industryView];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of screens) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        // The screen's data has come and is drawn.
        await page.waitForLoadState('networkidle');
        expect(await layoutProblems(page), `${path} at ${width} px`).toEqual([]);
      }
    }
  });

  test('the billing screens: subscription, plan wizard, checkout, invoices, payments, plans, coupons, discounts', async ({
    page,
  }) => {
    await signIn(page, USERS.site);
    const pending = await page.request.get('/api/invoices?status=PENDING');
    expect(pending.ok()).toBe(true);
    const invoice = ((await pending.json()) as { items: { id: number; tenantId: number }[] }).items[0]!;
    const screens = [
      `/subscription/${invoice.tenantId}`,
      `/selectplan/${invoice.tenantId}`,
      `/checkout/${invoice.id}`,
      '/invoices',
      '/payments',
      '/plans',
      '/coupons',
      `/manage/tenant/discounts?accountId=${invoice.tenantId}`,
    ];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of screens) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        expect(await layoutProblems(page), `${path} at ${width} px`).toEqual([]);
      }
    }
  });

  test('the reports screens: request form and list, schedules, the board’s view', async ({ page }) => {
    await signIn(page, USERS.site);
    const industries = await page.request.get('/api/report/industry?search=Deccan%20Cement');
    expect(industries.ok()).toBe(true);
    const deccan = ((await industries.json()) as { items: { id: number }[] }).items[0]!;
    const screens = [
      `/reports?tenantId=${deccan.id}`,
      `/reports?tenantId=${deccan.id}&tab=schedules`,
      '/statutory/reports',
    ];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of screens) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expect(page.getByRole('table').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        expect(await layoutProblems(page), `${path} at ${width} px`).toEqual([]);
      }
    }
  });

  test('the home screen of each kind of user, from 360 to 1920 px', async ({ browser }) => {
    for (const user of [USERS.site, USERS.partner, USERS.tenant, USERS.statutory]) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await signIn(page, user);
      for (const width of [360, ...WIDTHS, 1920]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/home');
        await expect(page.getByRole('heading', { level: 2, name: 'Data freshness' })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        // The screen's own content: the header is the shell's, checked with the main screens above.
        await page.locator('header').evaluate((header: HTMLElement) => (header.style.display = 'none'));
        expect(await layoutProblems(page), `/home of ${user} at ${width} px`).toEqual([]);
      }
      await context.close();
    }
  });

  test('a regulator’s list of industries', async ({ page }) => {
    await signIn(page, USERS.statutory);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/tenants');
      await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
      expect(await layoutProblems(page), `/tenants at ${width} px`).toEqual([]);
    }
  });
});
