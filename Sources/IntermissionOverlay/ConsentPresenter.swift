import Dispatch
import IntermissionBasics
import IntermissionConsent
import IntermissionCore

/// Shows the consent form: as soon as the engine needs a decision and has its vendor list, and
/// whenever the game opens its privacy options; never over an open ad (it waits for the ad to
/// close), and no full-screen ad opens over it. While the form shows, the game is held as
/// `consent`, the form takes all input and covers the view; a decision is in force at once and
/// written off the loop (in the same frame on a fixed-step clock); the game runs again only if
/// nothing else holds it (a player's own pause stays).
final class ConsentPresenter {
  /// Why the privacy options cannot open.
  enum Refusal: Error {
    /// A form, or an ad, is open: the options would open over it.
    case alreadyShowing
    /// Nothing to choose: no decision known yet, no vendor list, or no consent rule here.
    case notReady
  }

  private let bridge: ConsentBridge
  private let holds: AdHolds
  private let links: LinkOpener
  private let changes: ChangeCounter
  /// Whether decisions are written in the frame that makes them (a fixed-step run's determinism).
  private let waits: Bool
  /// The form's words, in the overlay's language.
  let strings: ConsentFormStrings
  /// The form on screen, if any.
  private(set) var form: ConsentForm?
  /// The privacy options were asked for, and open at the next update.
  private var optionsRequested = false
  /// Decisions being written on a worker: the form does not open again meanwhile, and an overlay
  /// that stops waits for them.
  private let writes = DispatchGroup()
  private let writing = Locked(0)

  init(bridge: ConsentBridge, holds: AdHolds, links: LinkOpener, changes: ChangeCounter, language: String, waits: Bool)
  {
    self.bridge = bridge
    self.holds = holds
    self.links = links
    self.changes = changes
    self.waits = waits
    strings = ConsentFormStrings(language: language)
  }

  /// Opens the form when it is needed, unless `adIsOpen` (it then waits for the ad to close).
  /// Allocates nothing while no form is needed.
  func update(adIsOpen: Bool) {
    let engine = bridge.engine
    if let form, !form.isDismissable, engine.status != .required {
      // Decided elsewhere (a reset's new start, or the game's own call): the form has no question.
      close()
    }
    guard form == nil, !adIsOpen, writing.withLock({ $0 == 0 }) else { return }
    if optionsRequested {
      optionsRequested = false
      if let usOptOuts = engine.usOptOuts {
        open(ConsentForm(usOptOuts: usOptOuts, configuration: engine.configuration, strings: strings))
      } else if let list = engine.vendorList {
        let inForce = ConsentChoices.inForce(engine)
        open(ConsentForm(list: list, configuration: engine.configuration, strings: strings, inForce: inForce))
      }
    } else if engine.status == .required, let list = engine.vendorList {
      open(ConsentForm(list: list, configuration: engine.configuration, strings: strings, inForce: nil))
    }
  }

  /// Asks for the privacy options at the next update.
  /// - Parameter adIsOpen: whether an ad is open (the options would open over it).
  /// - Throws: `Refusal` when they cannot open now.
  func showPrivacyOptions(adIsOpen: Bool) throws(Refusal) {
    let engine = bridge.engine
    guard form == nil, !optionsRequested, !adIsOpen else { throw .alreadyShowing }
    // A player who must decide gets the form anyway (it is open, or waits for its vendor list).
    guard engine.status != .unknown, engine.status != .required else { throw .notReady }
    if engine.geography.hasUSOptOuts {
      guard engine.usOptOuts != nil else { throw .notReady }
    } else {
      guard engine.geography.asksBeforeAds, engine.vendorList != nil else { throw .notReady }
      engine.reopen()
    }
    optionsRequested = true
    changes.changed()
  }

  /// Whether the game has privacy options to offer: the player is in a region with consent rules,
  /// or the engine does not know yet where the player is.
  var offersPrivacyOptions: Bool {
    let engine = bridge.engine
    return engine.status == .unknown || engine.geography.asksBeforeAds || engine.geography.hasUSOptOuts
  }

  private func open(_ form: ConsentForm) {
    self.form = form
    holds.holdForConsent()
    bridge.engine.formShown()
    changes.changed()
  }

  /// Handles input while the form shows: all of it.
  /// - Returns: whether the form took the event.
  func handle(_ event: InputEvent, viewSize: Size, at time: Double) -> Bool {
    guard let form else { return false }
    let outcome = form.handle(event, viewSize: viewSize)
    changes.changed()
    let engine = bridge.engine
    switch outcome {
    case .none:
      break
    case .openLink(let url):
      links.open(url, at: time)
    case .decided(let choices):
      close()
      write { _ = engine.decide(choices) }
    case .optedOut(let optOuts):
      close()
      write { engine.setUSOptOuts(optOuts) }
    case .dismissed:
      close()
      engine.optionsClosed()
    }
    return true
  }

  /// Runs `work` (a decision made and written) on a worker, or at once when the run waits.
  private func write(_ work: @escaping @Sendable () -> Void) {
    if waits {
      work()
      return
    }
    writing.withLock { $0 += 1 }
    writes.enter()
    let (writing, writes) = (writing, writes)
    DispatchQueue.global().async {
      work()
      writing.withLock { $0 -= 1 }
      writes.leave()
    }
  }

  private func close() {
    form = nil
    holds.releaseConsent()
    changes.changed()
  }

  /// For an overlay that stops: the form closes (its hold released: a game that hears of pauses
  /// through its target hears the resume), and a decision still being written is waited for,
  /// until `deadline` at most.
  func stop(until deadline: Double) {
    if form != nil { close() }
    _ = writes.wait(timeout: .now() + max(0, deadline - MonotonicClock.readSeconds()))
  }

  /// Draws the form, if one shows, over everything.
  func draw(on canvas: any Canvas) { form?.draw(on: canvas) }
}
