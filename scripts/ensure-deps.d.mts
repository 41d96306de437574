/** The installed packages that have install scripts, as a package-lock.json marks them. */
export function packagesWithScripts(lockFile: {
  packages?: Record<string, { hasInstallScript?: boolean }>;
}): string[];

/**
 * Resolves once the dependencies are installed; with `compileLater`, before better-sqlite3's
 * compile ends (`compiling`), which `compiled` resolves with the exit code of.
 */
export function ensureDependencies(options?: {
  compileLater?: boolean;
}): Promise<{ compiled: Promise<number>; compiling: boolean }>;
