import type { RuleBook } from '../../../domain/safety-rules/engine';
import { rulesFor } from '../../../domain/safety-rules/rules';
import type { Config } from '../../config';

const ruleBooks = new WeakMap<Config, RuleBook>();

/** The law of config.state and the school year of SCHOOL_CALENDAR, built once per configuration. */
export function ruleBookOf(config: Config): RuleBook {
  let book = ruleBooks.get(config);
  if (!book) {
    book = { rules: rulesFor(config.state.code), calendar: config.schoolCalendar };
    ruleBooks.set(config, book);
  }
  return book;
}
