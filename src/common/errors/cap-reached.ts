import { ENV_DEFINITIONS, EnvName } from '../../config/env-definitions';
import { AppError } from './app-error';

/** A cap on what one account or user holds: the setting behind it and how a refusal speaks of it. */
export interface Cap {
  variable: EnvName;
  /** The cap's name in a refusal's details, which carry its value: {maxStrategies: 100}. */
  detail: string;
  /** What is counted, as a refusal and the API docs say it: «Стратегий ставок у кабинета». */
  counted: string;
  /** What the user can do instead. */
  advice: string;
}

/** 409 CONFLICT past a cap: how many there are, the cap, and what to do; details name the cap with its value. */
export function capReached(cap: Cap, max: number, held: number): AppError {
  return new AppError('CONFLICT', `${cap.counted}: ${held}, предел — ${max}. ${cap.advice}`, { details: { [cap.detail]: max } });
}

/** The API docs' sentence on a cap: its default, its setting and the answer past it. */
export function capRule(cap: Cap): string {
  const max = ENV_DEFINITIONS[cap.variable].default;
  return `${cap.counted} — не больше ${max} (настройка ${cap.variable}); сверх предела — 409 CONFLICT с details.${cap.detail}.`;
}
