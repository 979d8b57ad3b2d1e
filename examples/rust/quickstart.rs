//! README's Rust quick start: a Rush Hour level played by hints, a small budget every frame.
use lphint::registry;
use lphint::search::Status;

pub fn main() {
    let mut level = registry::parse("rush:GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo").expect("a level");
    while !level.is_solved() {
        // one pass = one frame of the game
        match level.next_hint(300) {
            // at most 300 nodes of search
            Err(Status::InProgress) => continue, // still thinking: ask next frame
            Err(other) => panic!("no hint will come: {}", other.name()),
            Ok(hint) => {
                println!("{}", level.hint_text().unwrap_or_default()); // "slide the car H down 1: ..."
                level.apply(&hint.mv).expect("a legal move"); // hint.mv.piece: the car's id, A = 0
            }
        }
    }
    println!("solved: {}", level.describe());
}
