// A visitor reads the blog: the list of posts, newest first, and each post's page.
import { expect, test } from "./fixtures";

type ListedPost = { title: string; href: string; date: string; shownDate: string; byline: string };

test("the blog lists its posts newest first, and each opens its page with title, date, author and headings", async ({ page }) => {
  await page.goto("/blog");
  await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
  const articles = page.getByRole("main").getByRole("article");
  await expect(articles.first()).toBeVisible();
  const count = await articles.count();
  expect(count, "posts on the blog").toBeGreaterThan(1);

  const listed: ListedPost[] = [];
  for (let index = 0; index < count; index++) {
    const article = articles.nth(index);
    const link = article.getByRole("heading", { level: 2 }).getByRole("link");
    const time = article.locator("time");
    listed.push({
      title: (await link.textContent())?.trim() ?? "",
      href: (await link.getAttribute("href")) ?? "",
      date: (await time.getAttribute("datetime")) ?? "",
      shownDate: (await time.textContent())?.trim() ?? "",
      byline: (await article.getByText(/^By /).textContent())?.trim() ?? "",
    });
  }
  for (const post of listed) {
    expect(post.href, post.title).toMatch(/^\/blog\/[a-z0-9-]+$/);
    expect(post.date, post.title).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(post.shownDate, post.title).not.toBe("");
  }
  const dates = listed.map((post) => post.date);
  expect(dates, "newest first").toEqual([...dates].sort().reverse());
  expect(new Set(listed.map((post) => post.href)).size, "one entry per post").toBe(count);

  // The first post, as a visitor reaches it: by its link.
  await articles.first().getByRole("heading", { level: 2 }).getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`${listed[0]?.href}$`));

  for (const [index, post] of listed.entries()) {
    if (index > 0) await page.goto(post.href);
    const article = page.getByRole("main").getByRole("article");
    await expect(article.getByRole("heading", { level: 1 }), post.href).toHaveText(post.title);
    await expect(page).toHaveTitle(`${post.title} · Holdup`);
    await expect(article.locator("time"), post.href).toHaveAttribute("datetime", post.date);
    await expect(article.locator("time"), post.href).toHaveText(post.shownDate);
    await expect(article.getByText(post.byline, { exact: true }), post.href).toBeVisible();
    // The body, from the post's Markdown, with its section headings.
    await expect(article.getByRole("heading", { level: 2 }).first(), post.href).toBeVisible();
    await expect(page.getByRole("link", { name: "All posts" })).toHaveAttribute("href", "/blog");
  }
});

test("the ten examples post, the one the landing page links to, shows its ten examples", async ({ page }) => {
  await page.goto("/blog/ten-real-world-holdup-usage-examples");
  const article = page.getByRole("main").getByRole("article");
  await expect(article.getByRole("heading", { level: 1, name: "Ten real-world Holdup usage examples" })).toBeVisible();
  await expect(article.getByText("By Daniel Okafor, head of customer success")).toBeVisible();
  await expect(article.locator("time")).toHaveAttribute("datetime", "2026-11-10");
  for (let example = 1; example <= 10; example++) {
    await expect(article.getByRole("heading", { level: 2, name: new RegExp(`^${example}\\. `) })).toBeVisible();
  }
});
