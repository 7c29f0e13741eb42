import Dispatch
import IntermissionAds
import IntermissionBasics
import IntermissionConsent
import IntermissionCore

/// What a consent engine needs before it can decide, read off the loop: the vendor list (a file,
/// or the publisher's https URL through the HTTP cache, whose copy serves offline), its
/// translation for the game's language, and where the player is (the game's word, the debug
/// geography, or the publisher's server at `geographyURL`; unknown asks).
package enum ConsentStartup {
  /// The largest answer read from the geography server.
  static let maximumGeographyAnswer = 4096

  /// Reads everything and starts `engine`; on a worker thread unless `waits`, then `onFinish`.
  /// The client is the consent's own, which no consent gate closes: none of this is ad traffic.
  /// What `prefetched` read for the same consent file serves instead of reading again.
  package static func start(
    _ engine: ConsentEngine, geography debug: ConsentGeography?, language: String, client: HTTPClient,
    cache: HTTPCache?, decoder: any ImageDecoder, waits: Bool, prefetched: ConsentPrefetch? = nil,
    onFinish: @escaping @Sendable () -> Void
  ) {
    let prefetched = prefetched?.configuration == engine.configuration ? prefetched : nil
    let work: @Sendable () -> Void = {
      if let prefetched {
        let (list, failure, geography) = prefetched.wait()
        engine.start(list: list, geography: geography, listFailure: failure)
        onFinish()
        return
      }
      let fetch = CachedFetch(client: client, cache: cache, decoder: decoder)
      let (list, failure) = vendorList(engine.configuration, language: language, fetch: fetch)
      let geography = debug ?? engine.configuration.geography ?? ask(engine.configuration.geographyURL, client: client)
      engine.start(list: list, geography: geography, listFailure: failure)
      onFinish()
    }
    if waits { work() } else { DispatchQueue.global().async(execute: work) }
  }

  /// The vendor list, translated where a translation for `language` reads; nil and why when no list
  /// reads.
  static func vendorList(_ configuration: ConsentConfiguration, language: String, fetch: CachedFetch)
    -> (GlobalVendorList?, String?)
  {
    let listName = name(of: configuration.vendorList)
    guard let bytes = document(configuration.vendorList, fetch: fetch, limit: GlobalVendorList.maximumSize) else {
      return (nil, "\(listName) could not be read, and no copy is cached")
    }
    var list: GlobalVendorList
    do {
      list = try GlobalVendorList.parse(bytes, name: listName)
    } catch {
      return (nil, error.description)
    }
    let primary = LanguageTag.primary(language).lowercased()
    if primary != "en", let template = configuration.translations {
      let source: ConsentConfiguration.Source
      switch template {
      case .file(let relative):
        let named = relative.replacingText("{language}", with: primary)
        guard case .inside(let resolved) = FilePath.contained(named, in: configuration.folder) else {
          return (list, nil)
        }
        source = .file(resolved)
      case .url(let url): source = .url(url.replacingText("{language}", with: primary))
      }
      if let bytes = document(source, fetch: fetch, limit: GlobalVendorList.maximumSize),
        let translation = try? VendorListTranslation.parse(bytes, language: primary, name: name(of: source))
      {
        list = translation.translating(list).list
      }
    }
    return (list, nil)
  }

  /// Where the publisher's server says the player is (`{"geography": "eea"}`); unknown when it
  /// cannot be asked or answers anything else.
  static func ask(_ url: String?, client: HTTPClient) -> ConsentGeography {
    guard let url,
      case .success(let response) = client.get(url, maximumBytes: maximumGeographyAnswer, redirects: .sameOrigin),
      response.status == 200, let answer = try? StrictJSON.parse(response.body),
      case .string(let text)? = answer["geography"], let geography = ConsentGeography(text)
    else { return .unknown }
    return geography
  }

  private static func document(_ source: ConsentConfiguration.Source, fetch: CachedFetch, limit: Int) -> [UInt8]? {
    switch source {
    case .file(let path): return try? RegularFile.read(path, limit: limit)
    case .url(let url):
      do throws(CachedFetch.Failure) {
        return try fetch.body(url, maximumBytes: limit, inspect: false)
      } catch {
        // Offline or refused: the cached copy serves.
        return fetch.cache?.entry(for: url, maximumBytes: limit)?.body
      }
    }
  }

  private static func name(of source: ConsentConfiguration.Source) -> String {
    switch source {
    case .file(let path): path
    case .url(let url): url
    }
  }
}
