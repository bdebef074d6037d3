//! Render stage, PDF metadata: a tagged PDF's XMP packet. Input: the
//! document's title and language; output: the packet's text, declaring the
//! title (`dc:title`, as the document information's `/Title`), the language
//! and conformance to PDF/UA-1 (`pdfuaid:part`), which a reader or checker
//! looks for before it treats the file as accessible.

/// The XMP packet of a tagged PDF titled `title`, in language `lang`.
pub(super) fn xmp(title: &str, lang: &str) -> String {
    let (title, lang) = (escape(title), escape(lang));
    format!(
        "<?xpacket begin=\"\u{feff}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n\
         <x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n\
         <rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n\
         <rdf:Description rdf:about=\"\" \
         xmlns:dc=\"http://purl.org/dc/elements/1.1/\" \
         xmlns:pdf=\"http://ns.adobe.com/pdf/1.3/\" \
         xmlns:pdfuaid=\"http://www.aiim.org/pdfua/ns/id/\">\n\
         <dc:format>application/pdf</dc:format>\n\
         <dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">{title}</rdf:li></rdf:Alt></dc:title>\n\
         <dc:language><rdf:Bag><rdf:li>{lang}</rdf:li></rdf:Bag></dc:language>\n\
         <pdf:Producer>grogpress</pdf:Producer>\n\
         <pdfuaid:part>1</pdfuaid:part>\n\
         </rdf:Description>\n\
         </rdf:RDF>\n\
         </x:xmpmeta>\n\
         <?xpacket end=\"r\"?>"
    )
}

/// `text` as XML character data (and attribute values).
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            // Characters XML 1.0 does not allow are left out.
            c if c < ' ' && !matches!(c, '\t' | '\n' | '\r') => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_packet_names_the_title_escaped_and_claims_pdf_ua_1() {
        let packet = xmp("Guns & <Butter>", "en");
        assert!(
            packet.contains("<rdf:li xml:lang=\"x-default\">Guns &amp; &lt;Butter&gt;</rdf:li>"),
            "{packet}"
        );
        assert!(packet.contains("<pdfuaid:part>1</pdfuaid:part>"));
        assert!(packet.contains("<rdf:li>en</rdf:li>"));
        assert!(packet.starts_with("<?xpacket begin=\"\u{feff}\""));
        assert!(packet.ends_with("<?xpacket end=\"r\"?>"));
    }
}
