import { useEffect, useState } from 'react';
import { loadConfig, loadedConfig } from './config';

/**
 * The marketplace's time zone (`/config.json` `marketplaceTimeZone`, the stack setting): order days,
 * the dashboard's periods and the orders filter are calendar days in it, and every time on every screen
 * is shown in it (issue 24, item 14; lib/format.ts). Undefined until the config is there (at once on a
 * signed-in page: the session loaded it).
 */
export function useMarketplaceTimeZone(): string | undefined {
  const [timeZone, setTimeZone] = useState<string | undefined>(() => loadedConfig()?.marketplaceTimeZone);
  useEffect(() => {
    let active = true;
    loadConfig().then(
      (config) => active && setTimeZone(config.marketplaceTimeZone),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, []);
  return timeZone;
}
