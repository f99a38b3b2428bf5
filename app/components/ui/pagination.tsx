import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Button } from "./button";
import { cx } from "./cx";
import { Icon } from "./icon";

/**
 * Previous and next links for a paged list, keeping the other query parameters (a search) and
 * dropping a notice. Plain links: they work without JavaScript. Nothing for a single page.
 */
export function Pagination({
  page,
  pageSize,
  total,
  totalCapped = false,
  label,
  param = "page",
  hash = "",
  className,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** The API stopped counting at `total`: there are more pages than it makes. */
  totalCapped?: boolean;
  /** What is paged, for the navigation landmark: "Pages of members". */
  label: string;
  /** The query parameter of the page, where a page shows several lists. */
  param?: string;
  /** Where the links land (`#sessions`), for a list below the top of its page. */
  hash?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const more = totalCapped || page < pages;
  if (pages <= 1 && !more) return null;
  const linkTo = (target: number) => {
    const next = new URLSearchParams(searchParams);
    next.delete("notice");
    next.set(param, String(target));
    return `?${next}${hash}`;
  };
  return (
    <nav aria-label={label} className={cx("flex items-center justify-between", className)}>
      {page > 1 ? (
        <Button variant="secondary" size="sm" asChild>
          <a href={linkTo(page - 1)}>
            <Icon name="chevron-left" />
            {t("pagination.previous")}
          </a>
        </Button>
      ) : (
        <span />
      )}
      <p className="text-sm text-text-muted">
        {t(totalCapped ? "pagination.pageOfMore" : "pagination.pageOf", { page, pages })}
      </p>
      {more ? (
        <Button variant="secondary" size="sm" asChild>
          <a href={linkTo(page + 1)}>
            {t("pagination.next")}
            <Icon name="chevron-right" />
          </a>
        </Button>
      ) : (
        <span />
      )}
    </nav>
  );
}
