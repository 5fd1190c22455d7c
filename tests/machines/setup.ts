// The machine suite runs in plain Node: no DOM, no MSW. Noisy tests still fail.
import { installConsoleGuard } from '../support/console-guard'

installConsoleGuard()
