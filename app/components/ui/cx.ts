import { type ClassValue, clsx } from "clsx";

export function cx(...classes: ClassValue[]) {
  return clsx(classes);
}
